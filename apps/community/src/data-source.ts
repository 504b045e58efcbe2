import { Initial1795615268866 } from './migrations/1795615268866-initial.js';
import { QaSearch1795615517018 } from './migrations/1795615517018-qa-search.js';
import { GroupBans1795777874041 } from './migrations/1795777874041-group-bans.js';
import { DirectMessageInbox1796160780159 } from './migrations/1796160780159-direct-message-inbox.js';
import { communityEntities } from './entities/index.js';

/**
 * Community's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- community <Name>` appends to this list), and the
 * service test fails when the two differ.
 */
export const entities = communityEntities;
export const migrations = [Initial1795615268866, QaSearch1795615517018, GroupBans1795777874041, DirectMessageInbox1796160780159];
