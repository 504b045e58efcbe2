/** The learner's mentoring screens, loaded together as one chunk the first time a route shows one of them. */
export { MentorBookingPage } from './mentor-booking-page';
export { MentorsPage } from './mentors-page';
export { MySessionsPage } from './my-sessions-page';
export { SessionSuccessPage } from './session-success-page';
