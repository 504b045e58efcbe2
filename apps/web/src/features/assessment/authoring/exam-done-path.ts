/** Where finishing leads (spec 2): the course's manage page of the area the page was opened from. */
export function examDonePath(pathname: string, courseId: string): string {
  if (pathname.startsWith('/instructor/course/')) return `/instructor/course/${courseId}`;
  if (pathname.startsWith('/institution/course/')) return `/institution/course/${courseId}/manage`;
  return '/dashboard';
}
