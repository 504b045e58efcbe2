/** Injection token of the file store (libs/storage): uploads checked and removed, certificates served. */
export const FILE_STORE = Symbol('FILE_STORE');
