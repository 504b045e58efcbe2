import { Module, type DynamicModule } from '@nestjs/common';
import { ServiceKitModule, developmentOnly } from '@lp/service-kit';
import { BillingEnvSchema } from './config/billing-env.js';
import { entities, migrations } from './data-source.js';
import { BillingDataModule } from './billing-data.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { WalletModule } from './modules/wallet/wallet.module.js';
import { EarningsModule } from './modules/earnings/earnings.module.js';
import { CoursesForSaleModule } from './modules/courses/courses-for-sale.module.js';
import { SessionsForSaleModule } from './modules/sessions/sessions-for-sale.module.js';
import { InstitutionTiersForSaleModule } from './modules/institution-tiers/institution-tiers-for-sale.module.js';
import { PlansModule } from './modules/plans/plans.module.js';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module.js';
import { PromotionsModule } from './modules/promotions/promotions.module.js';
import { SeedHandlers } from './modules/seed/seed.handlers.js';

/** Billing: the ledger, wallets, payments and their providers, earnings, plans and subscriptions, promotional credits. */
@Module({})
export class BillingModule {
  static create(env?: Record<string, string | undefined>): DynamicModule {
    return {
      module: BillingModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'billing',
          entities,
          migrations,
          envSchema: BillingEnvSchema,
          ...(env ? { env } : {}),
        }),
        BillingDataModule,
        PaymentsModule,
        WalletModule,
        EarningsModule,
        CoursesForSaleModule,
        SessionsForSaleModule,
        InstitutionTiersForSaleModule,
        PlansModule,
        SubscriptionsModule,
        PromotionsModule,
      ],
      // demo data: not even constructed outside development and tests
      providers: developmentOnly(env, [SeedHandlers]),
    };
  }
}
