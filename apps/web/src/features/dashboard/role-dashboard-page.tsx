import { InstitutionDashboard } from './institution-dashboard';
import { MentorDashboard } from './mentor-dashboard';

/** /mentor/dashboard and /institution/dashboard: each role's own figures and main actions. */
export function RoleDashboardPage({ role }: { role: 'mentor' | 'institution' }) {
  return role === 'mentor' ? <MentorDashboard /> : <InstitutionDashboard />;
}
