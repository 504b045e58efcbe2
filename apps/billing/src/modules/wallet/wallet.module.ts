import { Module } from '@nestjs/common';
import { PaymentsModule } from '../payments/payments.module.js';
import { MaintenanceService } from './maintenance.service.js';
import { WalletService } from './wallet.service.js';
import { WithdrawalQueue } from './withdrawal.queue.js';
import { WithdrawalsService } from './withdrawals.service.js';

/** Wallets: balances, history, top-ups, withdrawals and their payouts. */
@Module({ imports: [PaymentsModule], providers: [WalletService, WithdrawalsService, WithdrawalQueue, MaintenanceService] })
export class WalletModule {}
