import { Navigate, useParams } from 'react-router-dom';
import { useSignedInUser } from '../../auth';

/**
 * The My Courses card links /instructor/courses/{id}/analytics and /students (spec 2.12)
 * open the matching dashboard tab with the course chosen. Institution users have no
 * instructor dashboard: analytics opens the institution course analytics, students the
 * course's management page.
 */
export function CourseLinkRedirect({ target }: { target: 'analytics' | 'students' }) {
  const { id = '' } = useParams<{ id: string }>();
  const user = useSignedInUser();
  if (user.role === 'institution') {
    return <Navigate replace to={target === 'analytics' ? `/institution/course/${id}/analytics` : `/institution/course/${id}/manage`} />;
  }
  return <Navigate replace to={`/instructor/dashboard?tab=${target}&course=${encodeURIComponent(id)}`} />;
}
