import { MentorDashboard } from './mentor-dashboard';

/** /mentor/dashboard: the mentor's own figures and main actions (the institution's dashboard is features/institution). */
export function RoleDashboardPage({ role }: { role: 'mentor' }) {
  return role === 'mentor' ? <MentorDashboard /> : null;
}
