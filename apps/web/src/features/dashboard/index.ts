/** The dashboard feature's public entry. */
export { Shortcuts } from './dashboard-parts';
