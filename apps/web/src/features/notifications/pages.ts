/** The notifications screens, loaded as its own chunk the first time /notifications shows. */
export { NotificationsPage } from './notifications-page';
export { UnsubscribePage } from './unsubscribe-page';
