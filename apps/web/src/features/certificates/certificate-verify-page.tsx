import { catalogRoutes, type RouteOutput } from '@lp/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '../../api/api-error';
import { useDetailOrMessage } from '../../api/error-text';
import { useRouteQuery } from '../../api/route-hooks';
import { useFormatDate } from '../../i18n/format-date';
import { usePageTitle } from '../../lib/use-page-title';
import { FullPageSpinner } from '../../routes/full-page-spinner';
import { PublicLayout } from '../../routes/public-layout';
import { Alert, Badge, Button, Card, CardContent } from '../../ui';
import { isWellFormedCode } from './certificate-code';

type Verification = RouteOutput<typeof catalogRoutes.verifyCertificate>;

/**
 * The page a certificate's printed link and QR code open (/certificates/verify/{code}): public,
 * so an employer checks a certificate without an account. It reads GET /certificates/verify/{code};
 * a code in the wrong shape is not asked about, it cannot belong to a certificate.
 */
export function CertificateVerifyPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams<{ code: string }>();
  const wellFormed = isWellFormedCode(code);
  const verification = useRouteQuery(catalogRoutes.verifyCertificate, { params: { code } }, { enabled: wellFormed, retry: false });
  // 404 (no such code) and 400 (a code the server refuses) both mean: no certificate has it
  const unknown =
    !wellFormed || (isApiError(verification.error) && (verification.error.status === 404 || verification.error.status === 400));
  usePageTitle(
    verification.data ? `${t('certificateVerify.validTitle')}: ${verification.data.course_title}` : t('certificateVerify.pageTitle'),
  );

  if (!unknown && verification.isPending) return <FullPageSpinner />;
  return (
    <PublicLayout>
      <Card className="w-full max-w-2xl print:border-0 print:shadow-none" data-testid="certificate-verify-page">
        <CardContent className="space-y-6 sm:p-8">
          {unknown ? (
            <UnknownCode code={code} />
          ) : verification.isError ? (
            <CheckFailed error={verification.error} onRetry={() => void verification.refetch()} />
          ) : (
            <Verified certificate={verification.data!} />
          )}
        </CardContent>
      </Card>
    </PublicLayout>
  );
}

function Verified({ certificate }: { certificate: Verification }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const facts: Array<[label: string, value: string, testId: string]> = [
    [t('certificateVerify.learner'), certificate.learner_name, 'certificate-learner'],
    [t('certificateVerify.course'), certificate.course_title, 'certificate-course'],
    [t('certificateVerify.instructor'), certificate.instructor_name, 'certificate-instructor'],
    [t('certificateVerify.completedOn'), formatDate(certificate.issued_at), 'certificate-date'],
    [t('certificateVerify.code'), certificate.verification_code, 'certificate-code'],
  ];
  return (
    <div className="space-y-6" data-testid="certificate-valid">
      <div className="space-y-3 text-center">
        <Badge tone="success" className="text-sm" data-testid="certificate-status">
          <svg viewBox="0 0 24 24" className="mr-1 size-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <path d="m5 12 5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t('certificateVerify.validBadge')}
        </Badge>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('certificateVerify.validTitle')}</h1>
        <p className="text-slate-700">{t('certificateVerify.validText')}</p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {facts.map(([label, value, testId]) => (
          <div key={testId} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="font-semibold break-words text-slate-900 sm:col-span-2" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-center print:hidden">
        <Button variant="outline" onClick={() => window.print()} data-testid="certificate-print">
          {t('certificateVerify.print')}
        </Button>
      </div>
    </div>
  );
}

function UnknownCode({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4 text-center" data-testid="certificate-unknown">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('certificateVerify.notFoundTitle')}</h1>
      <p className="break-words text-slate-700">{t('certificateVerify.notFoundText', { code })}</p>
      <Button asChild variant="outline" className="print:hidden">
        <Link to="/">{t('certificateVerify.toHome')}</Link>
      </Button>
    </div>
  );
}

function CheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const detailOrMessage = useDetailOrMessage();
  return (
    <div className="space-y-4 text-center" data-testid="certificate-check-failed">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('certificateVerify.pageTitle')}</h1>
      <Alert tone="error">
        <strong className="font-semibold">{t('certificateVerify.loadFailed')}</strong> {detailOrMessage(error)}
      </Alert>
      <Button onClick={onRetry}>{t('certificateVerify.retry')}</Button>
    </div>
  );
}
