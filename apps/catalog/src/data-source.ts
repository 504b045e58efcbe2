import { catalogEntities } from './entities/index.js';
import { Initial1764201600000 } from './migrations/1764201600000-initial.js';
import { QuizFigures1764374400000 } from './migrations/1764374400000-quiz-figures.js';
import { QuizAttemptReviews1764460800000 } from './migrations/1764460800000-quiz-attempt-reviews.js';
import { TypeormMetadata1764600000000 } from './migrations/1764600000000-typeorm-metadata.js';
import { UsersRoleDefault1764600000001 } from './migrations/1764600000001-users-role-default.js';
import { AuthorLimits1795605545660 } from './migrations/1795605545660-author-limits.js';
import { CourseCovers1795693700000 } from './migrations/1795693700000-course-covers.js';
import { LessonStructure1795700000000 } from './migrations/1795700000000-lesson-structure.js';
import { CourseAnnouncements1796186705917 } from './migrations/1796186705917-course-announcements.js';

/**
 * Catalog's tables: the entities are their one description, new migrations are generated
 * from them (`npm run migration:generate -- catalog <Name>` appends to this list), and the
 * service test fails when the migrated database and the entities differ.
 */
export const entities = catalogEntities;
export const migrations = [
  Initial1764201600000,
  QuizFigures1764374400000,
  QuizAttemptReviews1764460800000,
  TypeormMetadata1764600000000,
  UsersRoleDefault1764600000001,
  AuthorLimits1795605545660,
  CourseCovers1795693700000,
  LessonStructure1795700000000,
  CourseAnnouncements1796186705917,
];
