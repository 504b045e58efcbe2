import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '../../ui';

interface SettingsSectionProps {
  title: string;
  description?: string;
  testId: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
  className?: string;
}

/** A titled card that is also a labelled region, so each settings area is a landmark. */
export function SettingsSection({ title, description, testId, tone = 'default', children, className }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId} className={className}>
      <Card className={cn(tone === 'danger' && 'border-red-200')}>
        <CardHeader>
          <CardTitle id={headingId} className={cn(tone === 'danger' && 'text-red-800')}>
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
