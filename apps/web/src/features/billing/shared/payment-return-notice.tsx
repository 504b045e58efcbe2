import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../ui';

/** While a payment the payer came back with is being confirmed. */
export function PaymentReturnNotice({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <Alert tone="info" className="flex items-center gap-3" data-testid="payment-return-checking">
      <Spinner label={false} className="text-primary" />
      <span>{text ?? t('billing.return.checking')}</span>
    </Alert>
  );
}
