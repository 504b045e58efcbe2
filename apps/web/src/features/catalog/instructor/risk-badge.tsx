import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui';
import type { AtRiskStudent } from './instructor-types';

export function RiskBadge({ level }: { level: AtRiskStudent['risk_level'] }) {
  const { t } = useTranslation();
  return (
    <Badge tone={level === 'high' ? 'danger' : 'warning'} data-testid="risk-level">
      {t(`instructorDashboard.risk.${level}`)}
    </Badge>
  );
}
