import { Navigate, useLocation, useParams } from 'react-router-dom';

/**
 * A provider's checkout may send the payer back to /courses/{id}?payment={transaction id}
 * (the API's path of a course); the course page of this app is /course/{id}, with the same query.
 */
export function CourseReturnRedirect() {
  const { id } = useParams<{ id: string }>();
  const { search } = useLocation();
  return <Navigate to={`/course/${encodeURIComponent(id ?? '')}${search}`} replace />;
}
