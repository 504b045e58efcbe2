/** The admin's screens, loaded together as one chunk the first time a route shows one of them. */
export { AdminDashboardPage } from './admin-dashboard-page';
