import { billingEntities } from './entities/index.js';
import { Initial1795600000000 } from './migrations/1795600000000-initial.js';
import { LedgerRules1795604991984 } from './migrations/1795604991984-ledger-rules.js';
import { Ledger1795604991983 } from './migrations/1795604991983-ledger.js';
import { DemoCheckouts1795605342599 } from './migrations/1795605342599-demo-checkouts.js';
import { Subscriptions1795605361247 } from './migrations/1795605361247-subscriptions.js';
import { DemoFunds1795700000000 } from './migrations/1795700000000-demo-funds.js';
import { PromotionCredits1795800821353 } from './migrations/1795800821353-promotion-credits.js';

/**
 * Billing's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- billing <Name>` appends to this list), and the
 * service test fails when the two differ.
 */
export const entities = billingEntities;
export const migrations = [
  Initial1795600000000,
  Ledger1795604991983,
  LedgerRules1795604991984,
  DemoCheckouts1795605342599,
  Subscriptions1795605361247,
  DemoFunds1795700000000,
  PromotionCredits1795800821353,
];
