/** The catalog's screens, loaded together as one chunk the first time a route shows one of them. */
export { BrowseCoursesPage, MarketplacePage } from './browse/browse-pages';
export { CreateCoursePage } from './create/create-course-page';
export { CourseDetailPage } from './detail/course-detail-page';
export { InstitutionCourseAnalyticsPage } from './institution/course-analytics-page';
export { CourseEditPage } from './institution/course-edit-page';
export { CourseLinkRedirect } from './instructor/course-link-redirect';
export { InstructorCoursesPage } from './instructor/instructor-courses-page';
export { InstructorDashboardPage } from './instructor/instructor-dashboard-page';
export { KnowledgeHubPage } from './knowledge/knowledge-hub-page';
export { LessonManagerPage } from './lessons/lesson-manager-page';
export { ManageCoursePage } from './manage/manage-course-page';
export { CoursePlayerPage } from './player/course-player-page';
export { LessonViewerPage } from './viewer/lesson-viewer-page';
