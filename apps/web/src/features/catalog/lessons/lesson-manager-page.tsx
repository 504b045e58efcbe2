import { Navigate, useParams } from 'react-router-dom';

/**
 * Spec 2.8 /instructor/course/{id}/lessons. The lessons, their add/edit form and the delete
 * confirmation now live on the course's management page with the content items (issue 14: one
 * place for the course's structure); this address stays valid and leads there.
 */
export function LessonManagerPage() {
  const { id } = useParams<{ id: string }>();
  return <Navigate to={`/instructor/course/${id ?? ''}`} replace />;
}
