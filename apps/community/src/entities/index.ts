import { ReadModelUserEntity } from '@lp/service-kit';
import { DirectMessageEntity } from './direct-message.entity.js';
import { GroupBanEntity } from './group-ban.entity.js';
import { GroupEventEntity } from './group-event.entity.js';
import { GroupFileEntity } from './group-file.entity.js';
import { GroupForumPostEntity } from './group-forum-post.entity.js';
import { GroupInvitationEntity } from './group-invitation.entity.js';
import { GroupMemberEntity } from './group-member.entity.js';
import { GroupMessageEntity } from './group-message.entity.js';
import { QaAnswerEntity } from './qa-answer.entity.js';
import { QaQuestionEntity } from './qa-question.entity.js';
import { QaAnswerVoteEntity, QaQuestionVoteEntity, QaQuestionViewEntity } from './qa-vote.entity.js';
import { StudyGroupEntity } from './study-group.entity.js';

export {
  DirectMessageEntity,
  GroupBanEntity,
  GroupEventEntity,
  GroupFileEntity,
  GroupForumPostEntity,
  GroupInvitationEntity,
  GroupMemberEntity,
  GroupMessageEntity,
  QaAnswerEntity,
  QaAnswerVoteEntity,
  QaQuestionEntity,
  QaQuestionVoteEntity,
  QaQuestionViewEntity,
  StudyGroupEntity,
};

/** Study groups and their workspace, and direct messages. */
export const groupEntities = [
  StudyGroupEntity,
  GroupMemberEntity,
  GroupBanEntity,
  GroupInvitationEntity,
  GroupMessageEntity,
  GroupFileEntity,
  GroupEventEntity,
  GroupForumPostEntity,
  DirectMessageEntity,
];
/** The global Q&A forum. */
export const qaEntities = [QaQuestionEntity, QaAnswerEntity, QaQuestionVoteEntity, QaAnswerVoteEntity, QaQuestionViewEntity];
export const communityEntities = [ReadModelUserEntity, ...groupEntities, ...qaEntities];
