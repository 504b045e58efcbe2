import { PAYMENT_METHODS, WITHDRAW_METHODS, type Transaction } from '@lp/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** the contract's payment and withdrawal methods, each with a name in en-billing.json */
const KNOWN_METHODS = [...PAYMENT_METHODS, ...WITHDRAW_METHODS] as const;
type KnownMethod = (typeof KNOWN_METHODS)[number];
const isKnown = (m: string): m is KnownMethod => (KNOWN_METHODS as readonly string[]).includes(m);

/** A payment method as people know it (Chapa, telebirr, M-Pesa ...); an unknown one as stored. */
export function useMethodLabel(): (method: string | null) => string {
  const { t } = useTranslation();
  return useCallback((method) => (method === null ? '—' : isKnown(method) ? t(`billing.methodNames.${method}`) : method), [t]);
}

/** Badge tone of a transaction's status. */
export function statusTone(status: Transaction['status']): 'success' | 'warning' | 'danger' | 'neutral' {
  switch (status) {
    case 'completed':
      return 'success';
    case 'pending':
      return 'warning';
    case 'refunded':
      return 'neutral';
    default:
      return 'danger';
  }
}
