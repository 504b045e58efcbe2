/**
 * The messages feature's public entry: the shell's unread-messages count (its badge, its words,
 * its live updates). The inbox screen (/messages) loads lazily from ./pages, imported by the route table alone.
 */
export { LiveUnreadMessages, UnreadMessagesBadge, useUnreadMessages, useUnreadMessagesText } from './unread-messages';
