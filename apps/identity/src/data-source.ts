import { identityEntities } from './entities/index.js';
import { Initial1763769600000 } from './migrations/1763769600000-initial.js';
import { Accounts1763856000000 } from './migrations/1763856000000-accounts.js';
import { RefreshTokens1764000000000 } from './migrations/1764000000000-refresh-tokens.js';
import { SignInLimits1764100000000 } from './migrations/1764100000000-sign-in-limits.js';
import { PortalMemberVersions1795719121846 } from './migrations/1795719121846-portal-member-versions.js';
import { PasswordReset1795734132081 } from './migrations/1795734132081-password-reset.js';
import { AccountOrigin1795780000000 } from './migrations/1795780000000-account-origin.js';

/**
 * Identity's tables: the entities are their one description, new migrations are generated
 * from them (`npm run migration:generate -- identity <Name>` appends to this list), and the
 * service test fails when the migrated database and the entities differ.
 */
export const entities = identityEntities;
export const migrations = [
  Initial1763769600000,
  Accounts1763856000000,
  RefreshTokens1764000000000,
  SignInLimits1764100000000,
  PortalMemberVersions1795719121846,
  PasswordReset1795734132081,
  AccountOrigin1795780000000,
];
