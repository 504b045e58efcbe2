/** The not-found and not-yet-available screens, loaded together as one chunk. */
export { NotFoundPage } from './not-found-page';
export { NotYetAvailablePage } from './not-yet-available-page';
