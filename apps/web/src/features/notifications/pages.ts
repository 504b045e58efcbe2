/** The notifications screen, loaded as its own chunk the first time /notifications shows. */
export { NotificationsPage } from './notifications-page';
