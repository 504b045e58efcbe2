/** The institution area's pages, loaded as one chunk by the route table. */
export { InstitutionDashboardPage } from './institution-dashboard-page';
