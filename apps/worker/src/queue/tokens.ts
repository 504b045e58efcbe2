export const JOB_REGISTRY = Symbol('JOB_REGISTRY');
export const JOB_DEPS = Symbol('JOB_DEPS');
