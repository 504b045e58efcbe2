import { ReadModelUserEntity } from '@lp/service-kit';
import { AvailabilitySlotEntity } from './availability-slot.entity.js';
import { MenteeProgressEntity } from './mentee-progress.entity.js';
import { MentorProfileEntity } from './mentor-profile.entity.js';
import { ResourceEntity } from './resource.entity.js';
import { SessionNotesEntity } from './session-notes.entity.js';
import { SessionEntity } from './session.entity.js';
import { TimeOffEntity } from './time-off.entity.js';

/** Every table of mentoring, the users read model's included. */
export const mentoringEntities = [
  ReadModelUserEntity,
  MentorProfileEntity,
  AvailabilitySlotEntity,
  TimeOffEntity,
  SessionEntity,
  SessionNotesEntity,
  MenteeProgressEntity,
  ResourceEntity,
];
