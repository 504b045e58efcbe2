import { Initial1795717045129 } from './migrations/1795717045129-initial.js';
import { ReadModelUserEntity } from '@lp/service-kit';
import { InstitutionEntity } from './entities/institution.entity.js';
import { MemberEntity } from './entities/member.entity.js';
import { SubdomainEntity } from './entities/subdomain.entity.js';

/**
 * Institution's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- institution <Name>` appends to this list), and the
 * service test fails when the two differ. Row-level security (policies, FORCE) is added by
 * hand in the migrations: see common/tenancy.ts.
 */
export const entities = [InstitutionEntity, MemberEntity, SubdomainEntity, ReadModelUserEntity];
export const migrations = [Initial1795717045129];
