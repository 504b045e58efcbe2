import { billingRoutes } from '@lp/contracts';
import { useRouteQuery } from '../../../api/route-hooks';
import type { MinorAmount } from './money';

/**
 * Whether the wallet covers a price (spec 5: the wallet choice is disabled with a warning when
 * the balance is below the price), in the price's own currency. Unknown (null) while the
 * wallet loads or when it cannot be read: the server refuses an uncovered wallet payment anyway.
 */
export function useWalletCover(price: MinorAmount) {
  const wallet = useRouteQuery(billingRoutes.walletBalance, {});
  const data = wallet.data;
  const heldMinor = data
    ? (data.balances.find((b) => b.currency === price.currency)?.balance_minor ??
      (data.currency === price.currency ? data.balance_minor : 0))
    : null;
  return { heldMinor, insufficient: heldMinor !== null && heldMinor < price.amount_minor, loading: wallet.isPending };
}
