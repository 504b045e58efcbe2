/** The errors feature's public entry: "not found" inside a screen, and the error screens. */
export { NotFoundCard } from './not-found-card';
