/** The institution feature's public entry. */
export { isNoInstitution } from './logic';
