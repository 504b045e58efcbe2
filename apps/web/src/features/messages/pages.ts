/** The direct-messages inbox, loaded as its own chunk the first time /messages shows. */
export { MessagesPage } from './messages-page';
