import { catalogRoutes } from '@lp/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isApiError } from '../../../api/api-error';
import { useRouteQuery } from '../../../api/route-hooks';
import { useToast } from '../../../ui';
import { dashboardPath, useSignedInUser } from '../../auth';

/** The course a builder adds to; spec 8: 'Course not found' sends the user back to the dashboard. */
export function useAuthoringCourse(courseId: string | undefined) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const course = useRouteQuery(catalogRoutes.getCourse, { params: { id: courseId } });
  const notFound = course.isError && isApiError(course.error) && course.error.status === 404;
  useEffect(() => {
    if (!notFound) return;
    toast({ title: t('authoring.courseNotFound'), tone: 'error' });
    void navigate(dashboardPath(user.role), { replace: true });
  }, [notFound, navigate, t, toast, user.role]);
  return course;
}
