import type { Guard, Role } from '@lp/contracts';
import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import type { UpcomingAreaKey } from '../i18n/catalog-keys';

/**
 * A page of a feature area, loaded the first time a route shows it. Every page of one area
 * comes from the same module, so an area is one chunk, fetched once. These screen modules
 * (`pages.ts` or the one page) are the only feature files imported past a feature's index.ts,
 * and only here, lazily: an index.ts holds what other features use, never the screens.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page keeps its own props type
function pageOf<M extends Record<K, ComponentType<any>>, K extends keyof M>(area: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await area())[name] }));
}

const account = () => import('../features/account/account-settings-page');
const admin = () => import('../features/admin/pages');
const assessment = () => import('../features/assessment/pages');
const assignments = () => import('../features/assignments/pages');
const auth = () => import('../features/auth/dev-google-page');
const passwordReset = () => import('../features/auth/reset-password-page');
const billing = () => import('../features/billing/pages');
const catalog = () => import('../features/catalog/pages');
const certificates = () => import('../features/certificates/pages');
const comingSoon = () => import('../features/coming-soon/coming-soon-page');
const community = () => import('../features/community/pages');
const dashboards = () => import('../features/dashboard/role-dashboard-page');
const devMailbox = () => import('../features/dev-mailbox/dev-mailbox-page');
const errors = () => import('../features/errors/pages');
const gamification = () => import('../features/gamification/pages');
const landing = () => import('../features/landing/landing-page');
const mentoring = () => import('../features/mentoring/pages');
const notifications = () => import('../features/notifications/pages');
const messages = () => import('../features/messages/pages');
const profile = () => import('../features/profile/profile-page');
const qa = () => import('../features/qa/pages');

const AccountSettingsPage = pageOf(account, 'AccountSettingsPage');
const AdminDashboardPage = pageOf(admin, 'AdminDashboardPage');
const DevGooglePage = pageOf(auth, 'DevGooglePage');
const ResetPasswordPage = pageOf(passwordReset, 'ResetPasswordPage');
const DevMailboxPage = pageOf(devMailbox, 'DevMailboxPage');
const ComingSoonPage = pageOf(comingSoon, 'ComingSoonPage');
const RoleDashboardPage = pageOf(dashboards, 'RoleDashboardPage');
const NotFoundPage = pageOf(errors, 'NotFoundPage');
const NotYetAvailablePage = pageOf(errors, 'NotYetAvailablePage');
const LandingPage = pageOf(landing, 'LandingPage');
const ProfilePage = pageOf(profile, 'ProfilePage');
const BrowseCoursesPage = pageOf(catalog, 'BrowseCoursesPage');
const MarketplacePage = pageOf(catalog, 'MarketplacePage');
const CreateCoursePage = pageOf(catalog, 'CreateCoursePage');
const CourseDetailPage = pageOf(catalog, 'CourseDetailPage');
const CertificateVerifyPage = pageOf(certificates, 'CertificateVerifyPage');
const InstitutionCourseAnalyticsPage = pageOf(catalog, 'InstitutionCourseAnalyticsPage');
const CourseEditPage = pageOf(catalog, 'CourseEditPage');
const CourseLinkRedirect = pageOf(catalog, 'CourseLinkRedirect');
const InstructorCoursesPage = pageOf(catalog, 'InstructorCoursesPage');
const InstructorDashboardPage = pageOf(catalog, 'InstructorDashboardPage');
const KnowledgeHubPage = pageOf(catalog, 'KnowledgeHubPage');
const LessonManagerPage = pageOf(catalog, 'LessonManagerPage');
const ManageCoursePage = pageOf(catalog, 'ManageCoursePage');
const CoursePlayerPage = pageOf(catalog, 'CoursePlayerPage');
const LessonViewerPage = pageOf(catalog, 'LessonViewerPage');
const ExamCreatePage = pageOf(assessment, 'ExamCreatePage');
const QuizBuilderPage = pageOf(assessment, 'QuizBuilderPage');
const QuizCreatePage = pageOf(assessment, 'QuizCreatePage');
const QuizPreviewPage = pageOf(assessment, 'QuizPreviewPage');
const LearningProgressPage = pageOf(assessment, 'LearningProgressPage');
const QuizCentrePage = pageOf(assessment, 'QuizCentrePage');
const QuizInfoPage = pageOf(assessment, 'QuizInfoPage');
const QuizReviewPage = pageOf(assessment, 'QuizReviewPage');
const TakeQuizPage = pageOf(assessment, 'TakeQuizPage');
const TestSessionPage = pageOf(assessment, 'TestSessionPage');
const AssignmentDetailPage = pageOf(assignments, 'AssignmentDetailPage');
const AssignmentEditPage = pageOf(assignments, 'AssignmentEditPage');
const AssignmentsPage = pageOf(assignments, 'AssignmentsPage');
const MyAssignmentsPage = pageOf(assignments, 'MyAssignmentsPage');
const SubmissionsPage = pageOf(assignments, 'SubmissionsPage');
const WalletPage = pageOf(billing, 'WalletPage');
const SubscriptionsPage = pageOf(billing, 'SubscriptionsPage');
const EarningsPage = pageOf(billing, 'EarningsPage');
const DemoCheckoutPage = pageOf(billing, 'DemoCheckoutPage');
const CourseReturnRedirect = pageOf(billing, 'CourseReturnRedirect');
const CommunityPage = pageOf(community, 'CommunityPage');
const GroupWorkspacePage = pageOf(community, 'GroupWorkspacePage');
const InvitationPage = pageOf(community, 'InvitationPage');
const MentorsPage = pageOf(mentoring, 'MentorsPage');
const MentorBookingPage = pageOf(mentoring, 'MentorBookingPage');
const MySessionsPage = pageOf(mentoring, 'MySessionsPage');
const SessionSuccessPage = pageOf(mentoring, 'SessionSuccessPage');
const LeaderboardPage = pageOf(gamification, 'LeaderboardPage');
const ReferralsPage = pageOf(gamification, 'ReferralsPage');
const NotificationsPage = pageOf(notifications, 'NotificationsPage');
const UnsubscribePage = pageOf(notifications, 'UnsubscribePage');
const MessagesPage = pageOf(messages, 'MessagesPage');
const QaListPage = pageOf(qa, 'QaListPage');
const QaQuestionPage = pageOf(qa, 'QaQuestionPage');

/**
 * One row per route of spec 1 section 2.5 (plus this app's own pages). The guard
 * has the gateway's meaning: 'public', 'any' signed-in user, or a list of roles.
 * Non-public rows render inside the dashboard shell. Pages are lazy: a layout's Suspense
 * shows a spinner while an area's chunk arrives.
 */
export interface RouteEntry {
  path: string;
  guard: Guard;
  element: ReactElement;
}

/** The not-yet-built pages' elements and the area each names: the navigation marks their entries "Soon" from this. */
const upcomingElements = new WeakMap<ReactElement, UpcomingAreaKey>();

/** A screen that a later issue builds; until then one honest page says what it will do. */
const notYetAvailable = (area: UpcomingAreaKey): ReactElement => {
  const element = createElement(NotYetAvailablePage, { area });
  upcomingElements.set(element, area);
  return element;
};
const dashboard = (role: Extract<Role, 'mentor'>): ReactElement => createElement(RoleDashboardPage, { role, key: role });

const LEARNER: Guard = ['learner'];
const INSTRUCTOR_INSTITUTION: Guard = ['instructor', 'institution'];
const INSTRUCTOR_ADMIN: Guard = ['instructor', 'admin'];
const ASSESSMENT_AUTHORS: Guard = ['instructor', 'mentor', 'institution'];
const AI_ADVISORS: Guard = ['learner', 'instructor', 'mentor', 'admin'];

export const routeTable: readonly RouteEntry[] = [
  // '/' shows the landing; a signed-in visitor is sent on to their dashboard (admin's is /admin/dashboard).
  { path: '/', guard: 'public', element: createElement(LandingPage) },
  { path: '/coming-soon', guard: 'public', element: createElement(ComingSoonPage) },
  { path: '/auth/dev-google', guard: 'public', element: createElement(DevGooglePage) },
  // a password-reset e-mail's link (besides the spec): public, the person is signed out
  { path: '/reset-password', guard: 'public', element: createElement(ResetPasswordPage) },
  // a notification e-mail's "Stop e-mails like this one" link (besides the spec): public, it asks before it unsubscribes
  { path: '/unsubscribe', guard: 'public', element: createElement(UnsubscribePage) },
  // e-mails of development and tests (the page says so when the gateway, in production, has no mailbox)
  { path: '/dev/mailbox', guard: 'public', element: createElement(DevMailboxPage) },
  // the local demo payment provider's checkout (development only): the payer's own session sees and confirms it
  { path: '/demo-checkout/:reference', guard: 'any', element: createElement(DemoCheckoutPage) },
  // a printed certificate's link and QR code: anyone checks it, no account needed
  { path: '/certificates/verify/:code', guard: 'public', element: createElement(CertificateVerifyPage) },

  // The learner's landing is their learning progress dashboard (spec 2, "Learning progress dashboard").
  { path: '/learner/dashboard', guard: ['learner'], element: createElement(LearningProgressPage) },
  { path: '/instructor/dashboard', guard: ['instructor'], element: createElement(InstructorDashboardPage) },
  { path: '/mentor/dashboard', guard: ['mentor'], element: dashboard('mentor') },
  {
    path: '/institution/dashboard',
    guard: ['institution'],
    element: createElement(pageOf(() => import('../features/institution/pages'), 'InstitutionDashboardPage')),
  },
  { path: '/admin/dashboard', guard: ['admin'], element: createElement(AdminDashboardPage) },

  { path: '/courses', guard: LEARNER, element: createElement(BrowseCoursesPage) },
  { path: '/marketplace', guard: 'any', element: createElement(MarketplacePage) },
  { path: '/course/:id', guard: 'any', element: createElement(CourseDetailPage) },
  // a checkout's return address may name the course by the API's path: /courses/{id}?payment={id}
  { path: '/courses/:id', guard: 'any', element: createElement(CourseReturnRedirect) },
  { path: '/course/:courseId/learn', guard: 'any', element: createElement(CoursePlayerPage) },
  { path: '/instructor/create', guard: INSTRUCTOR_INSTITUTION, element: createElement(CreateCoursePage) },
  { path: '/instructor/courses', guard: INSTRUCTOR_INSTITUTION, element: createElement(InstructorCoursesPage) },
  // The My Courses card links of spec 2.12 lead to the screens that already show these things.
  {
    path: '/instructor/courses/:id/edit',
    guard: INSTRUCTOR_INSTITUTION,
    element: createElement(CourseEditPage, { variant: 'instructor' }),
  },
  {
    path: '/instructor/courses/:id/analytics',
    guard: INSTRUCTOR_INSTITUTION,
    element: createElement(CourseLinkRedirect, { target: 'analytics' }),
  },
  {
    path: '/instructor/courses/:id/students',
    guard: INSTRUCTOR_INSTITUTION,
    element: createElement(CourseLinkRedirect, { target: 'students' }),
  },
  {
    path: '/instructor/course/:id',
    guard: INSTRUCTOR_INSTITUTION,
    element: createElement(ManageCoursePage, { variant: 'instructor', key: 'instructor' }),
  },
  { path: '/instructor/course/:id/lessons', guard: INSTRUCTOR_ADMIN, element: createElement(LessonManagerPage) },
  {
    path: '/instructor/course/:courseId/quiz/create',
    guard: ASSESSMENT_AUTHORS,
    element: createElement(QuizCreatePage, { variant: 'instructor', key: 'instructor' }),
  },
  {
    path: '/instructor/course/:courseId/exam/create',
    guard: ASSESSMENT_AUTHORS,
    element: createElement(ExamCreatePage, { variant: 'instructor', key: 'instructor' }),
  },
  { path: '/lessons/:lessonId', guard: 'any', element: createElement(LessonViewerPage) },
  { path: '/quiz/:id', guard: 'any', element: createElement(TakeQuizPage) },
  // linked from the quiz centre (spec 2): details before starting, and one attempt's review
  { path: '/quiz/:id/info', guard: 'any', element: createElement(QuizInfoPage) },
  { path: '/quiz/:id/review/:attemptId', guard: 'any', element: createElement(QuizReviewPage) },
  // the learner quiz centre: Discover, My Attempts, Progress Analytics
  { path: '/mock-tests', guard: LEARNER, element: createElement(QuizCentrePage) },
  { path: '/mock-test/:id', guard: LEARNER, element: createElement(TestSessionPage) },
  // the quiz builder for instructors (My Quizzes, Create/Edit Quiz, Analytics) works on /mock-tests
  { path: '/mock-test-manager', guard: ASSESSMENT_AUTHORS, element: createElement(QuizBuilderPage) },
  { path: '/mock-tests/:id/preview', guard: ASSESSMENT_AUTHORS, element: createElement(QuizPreviewPage) },

  // Declared twice in the source (any user, then learner only); the first match wins.
  { path: '/ai-tutor', guard: 'any', element: notYetAvailable('aiTutor') },
  { path: '/profile', guard: 'any', element: createElement(ProfilePage) },
  { path: '/account-settings', guard: 'any', element: createElement(AccountSettingsPage) },
  // every notification of the caller; the header's bell shows the latest
  { path: '/notifications', guard: 'any', element: createElement(NotificationsPage) },
  // direct messages: the inbox, and one conversation beside it
  { path: '/messages', guard: 'any', element: createElement(MessagesPage) },
  { path: '/messages/:userId', guard: 'any', element: createElement(MessagesPage) },
  { path: '/knowledge-hub', guard: 'any', element: createElement(KnowledgeHubPage) },

  { path: '/mentors', guard: LEARNER, element: createElement(MentorsPage) },
  { path: '/mentor/:id/book', guard: LEARNER, element: createElement(MentorBookingPage) },
  { path: '/my-sessions', guard: LEARNER, element: createElement(MySessionsPage) },
  { path: '/sessions/:id/success', guard: LEARNER, element: createElement(SessionSuccessPage) },

  { path: '/community', guard: 'any', element: createElement(CommunityPage) },
  { path: '/community/groups/:id', guard: 'any', element: createElement(GroupWorkspacePage) },
  // an invitation e-mail's link: public, so a person who must first sign in or register sees the group
  { path: '/community/invitations/:token', guard: 'public', element: createElement(InvitationPage) },
  { path: '/qa', guard: 'any', element: createElement(QaListPage) },
  { path: '/qa/:id', guard: 'any', element: createElement(QaQuestionPage) },
  { path: '/leaderboard', guard: 'any', element: createElement(LeaderboardPage) },
  { path: '/referrals', guard: 'any', element: createElement(ReferralsPage) },

  {
    path: '/institution/onboard',
    guard: 'any',
    element: createElement(pageOf(() => import('../features/onboarding/pages'), 'OnboardingPage')),
  },
  { path: '/institution/course/:id/edit', guard: 'any', element: createElement(CourseEditPage, { variant: 'institution' }) },
  {
    path: '/institution/course/:id/manage',
    guard: 'any',
    element: createElement(ManageCoursePage, { variant: 'institution', key: 'institution' }),
  },
  { path: '/institution/course/:id/analytics', guard: 'any', element: createElement(InstitutionCourseAnalyticsPage) },
  {
    path: '/institution/course/:courseId/quiz/create',
    guard: 'any',
    element: createElement(QuizCreatePage, { variant: 'institution', key: 'institution' }),
  },
  {
    path: '/institution/course/:courseId/exam/create',
    guard: 'any',
    element: createElement(ExamCreatePage, { variant: 'institution', key: 'institution' }),
  },

  { path: '/wallet', guard: 'any', element: createElement(WalletPage) },
  { path: '/subscriptions', guard: 'any', element: createElement(SubscriptionsPage) },
  { path: '/earnings', guard: ['instructor', 'mentor'], element: createElement(EarningsPage) },

  { path: '/ai-features', guard: 'any', element: notYetAvailable('aiFeatures') },
  { path: '/ai/recommendations', guard: 'any', element: notYetAvailable('aiRecommendations') },
  { path: '/ai/learning-path', guard: 'any', element: notYetAvailable('aiLearningPath') },
  { path: '/ai/summarizer', guard: 'any', element: notYetAvailable('aiSummarizer') },
  { path: '/ai/career-matching', guard: 'any', element: notYetAvailable('aiCareerMatching') },
  { path: '/ai-code-reviewer', guard: AI_ADVISORS, element: notYetAvailable('aiCodeReviewer') },
  { path: '/ai-career-advisor', guard: AI_ADVISORS, element: notYetAvailable('aiCareerAdvisor') },
  { path: '/ai/exam-generator', guard: INSTRUCTOR_ADMIN, element: notYetAvailable('aiExamGenerator') },

  { path: '/assignments', guard: INSTRUCTOR_ADMIN, element: createElement(AssignmentsPage) },
  { path: '/assignments/:assignmentId/submissions', guard: INSTRUCTOR_ADMIN, element: createElement(SubmissionsPage) },
  { path: '/assignments/:assignmentId/edit', guard: INSTRUCTOR_ADMIN, element: createElement(AssignmentEditPage) },
  { path: '/my-assignments', guard: LEARNER, element: createElement(MyAssignmentsPage) },
  { path: '/assignments/:assignmentId', guard: 'any', element: createElement(AssignmentDetailPage) },

  { path: '*', guard: 'public', element: createElement(NotFoundPage) },
];

/** The row declared for exactly this path (the first, as the router matches), or undefined. */
export function routeAt(path: string): RouteEntry | undefined {
  return routeTable.find((route) => route.path === path);
}

/** The area a path's coming-soon page names, or null when the path's page is built. */
export function upcomingAreaAt(path: string): UpcomingAreaKey | null {
  const route = routeAt(path);
  return (route && upcomingElements.get(route.element)) ?? null;
}
