/** Injection tokens of the service kit. */
export const ENV = Symbol('ENV');
export const LOGGER = Symbol('LOGGER');
export const NATS = Symbol('NATS');
export const REDIS = Symbol('REDIS');
export const SERVICE_OPTIONS = Symbol('SERVICE_OPTIONS');
