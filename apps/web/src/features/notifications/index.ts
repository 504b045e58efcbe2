/**
 * The notifications feature's public entry: the shell header's bell (with its panel and live
 * count). Its screen (/notifications) loads lazily from ./pages, imported by the route table alone.
 */
export { NotificationBell } from './notification-bell';
// a notification's "5 minutes ago", which the inbox shows for a conversation's last message too
export { NotificationTime } from './notification-parts';
