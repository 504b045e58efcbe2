import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { billingRoutes, DEFAULT_CURRENCY, toMajor, type Currency, type RouteOutput } from '@lp/contracts';
import { Clock, Handles, currentCaller } from '@lp/service-kit';
import { LedgerRepository } from '../ledger/ledger.repository.js';
import { RevenueSharesRepository } from './revenue-shares.repository.js';

type R = typeof billingRoutes;
const LATEST = 10;
const MONTHS = 12;

/**
 * An instructor's or mentor's earnings, in the platform's default currency (course prices are
 * in dollars): what they kept of each sale after the platform's fee, what their wallet holds
 * now, the latest 10 shares and twelve months for the chart.
 */
@Injectable()
export class EarningsService {
  constructor(
    @Inject(RevenueSharesRepository) private readonly shares: RevenueSharesRepository,
    @Inject(LedgerRepository) private readonly ledger: LedgerRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  @Handles(billingRoutes.earnings)
  async earnings(): Promise<RouteOutput<R['earnings']>> {
    const userId = currentCaller().userId;
    const currency: Currency = DEFAULT_CURRENCY;
    const now = this.clock.now();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1));
    const [totals, latest, monthly, balance] = await Promise.all([
      this.shares.totals(userId, currency),
      this.shares.latest(userId, LATEST),
      this.shares.monthly(userId, currency, from),
      this.ledger.walletBalance(this.ds.manager, userId, currency),
    ]);
    const byMonth = new Map(monthly.map((m) => [m.month, m]));
    const months = Array.from({ length: MONTHS }, (_, i) => {
      const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1));
      const key = d.toISOString().slice(0, 7);
      const m = byMonth.get(key);
      return { month: key, course: toMajor(m?.course_minor ?? 0, currency), mentoring: toMajor(m?.session_minor ?? 0, currency) };
    });
    return {
      currency,
      total_earned: toMajor(totals.course_minor + totals.session_minor, currency),
      available_balance: toMajor(balance, currency),
      course_earnings: toMajor(totals.course_minor, currency),
      mentor_earnings: toMajor(totals.session_minor, currency),
      revenue_shares: latest.map((s) => {
        const c = s.currency as Currency;
        return {
          id: s.id,
          recipient_type: s.recipientType,
          item_type: s.itemType as 'course' | 'session' | 'subscription' | 'institution_tier',
          item_id: s.itemId,
          description: s.description,
          currency: c,
          gross_amount: toMajor(s.grossMinor, c),
          recipient_amount: toMajor(s.recipientMinor, c),
          recipient_amount_minor: s.recipientMinor,
          platform_fee: toMajor(s.feeMinor, c),
          platform_fee_percentage: Number(s.feePercentage),
          reversed: s.reversedAt !== null,
          created_at: s.createdAt.toISOString(),
        };
      }),
      monthly: months,
    };
  }
}
