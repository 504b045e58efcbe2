import { ReadModelUserEntity } from '@lp/service-kit';
import { AvailabilitySlotEntity } from './entities/availability-slot.entity.js';
import { MentorProfileEntity } from './entities/mentor-profile.entity.js';
import { MenteeProgressEntity } from './entities/mentee-progress.entity.js';
import { ResourceEntity } from './entities/resource.entity.js';
import { SessionNotesEntity } from './entities/session-notes.entity.js';
import { SessionEntity } from './entities/session.entity.js';
import { TimeOffEntity } from './entities/time-off.entity.js';
import { Initial1795704817006 } from './migrations/1795704817006-initial.js';
import { Sessions1795706394071 } from './migrations/1795706394071-sessions.js';
import { MentorDesk1795707193394 } from './migrations/1795707193394-mentor-desk.js';

/**
 * Mentoring's tables: the entities are their one description, the migrations are generated
 * from them (`npm run migration:generate -- mentoring <Name>` appends to this list), and the
 * service test fails when the two differ.
 */
export const entities = [
  MentorProfileEntity,
  AvailabilitySlotEntity,
  TimeOffEntity,
  SessionEntity,
  SessionNotesEntity,
  MenteeProgressEntity,
  ResourceEntity,
  ReadModelUserEntity,
];
export const migrations = [Initial1795704817006, Sessions1795706394071, MentorDesk1795707193394];
