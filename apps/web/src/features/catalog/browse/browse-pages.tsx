import { CourseBrowser } from './course-browser';

/** /courses (learner). */
export function BrowseCoursesPage() {
  return <CourseBrowser area="browseCourses" testId="browse-courses" />;
}

/** /marketplace (any signed-in user). */
export function MarketplacePage() {
  return <CourseBrowser area="marketplace" testId="marketplace" />;
}
