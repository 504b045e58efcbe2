import { mentoringEntities } from './entities/index.js';
import { Initial1795704817006 } from './migrations/1795704817006-initial.js';
import { Sessions1795706394071 } from './migrations/1795706394071-sessions.js';
import { MentorDesk1795707193394 } from './migrations/1795707193394-mentor-desk.js';

/**
 * Mentoring's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- mentoring <Name>` appends to this list), and the
 * service test fails when the two differ.
 */
export const entities = mentoringEntities;
export const migrations = [Initial1795704817006, Sessions1795706394071, MentorDesk1795707193394];
