import { useTranslation } from 'react-i18next';
import { useDetailOrMessage } from '../../api/error-text';
import { Button, useToast } from '../../ui';
import { MissingTokenError, useDownloadCertificate } from './certificate';

/** Spec 2.7 / course player: the certificate of a course completed at 100%. */
export function CertificateButton({ courseId, className }: { courseId: string; className?: string }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const detailOrMessage = useDetailOrMessage();
  const download = useDownloadCertificate();

  const onClick = () =>
    download.mutate(courseId, {
      onSuccess: () => toast({ title: t('certificate.downloaded'), tone: 'success' }),
      onError: (error) =>
        toast({
          title:
            error instanceof MissingTokenError ? t('certificate.loginAgain') : t('certificate.failed', { detail: detailOrMessage(error) }),
          tone: 'error',
        }),
    });

  return (
    <Button onClick={onClick} loading={download.isPending} className={className} data-testid="download-certificate">
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 4v11m0 0 4-4m-4 4-4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('certificate.download')}
    </Button>
  );
}
