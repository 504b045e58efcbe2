import { errorCodes, type ErrorCodeOf } from '../common/errors.js';

/** Every code community answers with on purpose, besides the common ones; UPPER_SNAKE and stable. */
export const CommunityErrorCode = errorCodes(
  'GROUP_NOT_FOUND',
  'GROUP_FULL',
  'GROUP_PRIVATE',
  'ALREADY_MEMBER',
  'NOT_GROUP_MEMBER',
  'MEMBER_NOT_FOUND',
  'MEMBER_SUSPENDED',
  'MEMBER_REMOVED',
  'BAN_NOT_FOUND',
  'BAN_ALREADY_LIFTED',
  'NOT_GROUP_MANAGER',
  'CREATOR_PROTECTED',
  'CREATOR_CANNOT_LEAVE',
  'MAX_MEMBERS_BELOW_COUNT',
  'INVITATION_NOT_FOUND',
  'INVITATION_EXPIRED',
  'INVITATION_NOT_PENDING',
  'FILE_NOT_FOUND',
  'FILE_TOO_LARGE',
  'POST_NOT_FOUND',
  'NOT_POST_AUTHOR',
  'QUESTION_NOT_FOUND',
  'ANSWER_NOT_FOUND',
  'NOT_QUESTION_AUTHOR',
  'OWN_POST_VOTE',
  'RECIPIENT_NOT_FOUND',
  'NOT_IN_PRODUCTION',
);
export type CommunityErrorCode = ErrorCodeOf<typeof CommunityErrorCode>;
