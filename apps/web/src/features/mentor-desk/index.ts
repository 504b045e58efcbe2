/** The mentor desk's public entry: the tabs the mentor dashboard places in its tab list. */
export { AvailabilityTab } from './availability-tab';
export { deskTabOf, MENTOR_DESK_TABS } from './desk-tabs';
export { ProfileTab } from './profile-tab';
