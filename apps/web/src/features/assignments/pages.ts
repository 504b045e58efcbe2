/** The assignment screens, loaded together as one chunk the first time a route shows one of them. */
export { AssignmentDetailPage } from './assignment-detail-page';
export { AssignmentEditPage } from './assignment-edit-page';
export { AssignmentsPage } from './assignments-page';
export { MyAssignmentsPage } from './my-assignments-page';
export { SubmissionsPage } from './submissions-page';
