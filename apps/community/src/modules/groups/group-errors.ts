import { AppError, CommonErrorCode, CommunityErrorCode, GROUP_FILE_MAX_BYTES } from '@lp/contracts';

/** Every error the study groups, invitations, workspace and direct messages answer with on purpose (codes: CommunityErrorCode). */
export const groupErrors = {
  groupNotFound: () => AppError.notFound('Study group not found', CommunityErrorCode.GROUP_NOT_FOUND),
  groupFull: () => AppError.rule(CommunityErrorCode.GROUP_FULL, 'This group is full'),
  groupPrivate: () =>
    AppError.forbidden(
      'This group is private: you can join it only through an invitation from its creator or a moderator',
      CommunityErrorCode.GROUP_PRIVATE,
    ),
  alreadyMember: () => AppError.conflict(CommunityErrorCode.ALREADY_MEMBER, 'You are already a member of this group'),
  inviteeAlreadyMember: () =>
    AppError.conflict(CommunityErrorCode.ALREADY_MEMBER, 'This person is already a member of the group', [
      { path: 'email', message: 'This person is already a member of the group' },
    ]),
  notMember: () => AppError.forbidden('You are not a member of this group', CommunityErrorCode.NOT_GROUP_MEMBER),
  memberNotFound: () => AppError.notFound('This person is not a member of the group', CommunityErrorCode.MEMBER_NOT_FOUND),
  suspended: () => AppError.forbidden('You are suspended in this group: you can read but not post', CommunityErrorCode.MEMBER_SUSPENDED),
  removed: () =>
    AppError.forbidden(
      'You were removed from this group: you can join it again only through an invitation sent to you after the removal',
      CommunityErrorCode.MEMBER_REMOVED,
    ),
  banNotFound: () => AppError.notFound('Ban not found', CommunityErrorCode.BAN_NOT_FOUND),
  banAlreadyLifted: () => AppError.rule(CommunityErrorCode.BAN_ALREADY_LIFTED, 'This ban was already lifted'),
  ownBan: () =>
    AppError.forbidden(
      "You cannot lift a ban on yourself; ask the group's creator or another moderator",
      CommunityErrorCode.NOT_GROUP_MANAGER,
    ),
  creatorOnly: (what: string) => AppError.forbidden(`Only the group's creator can ${what}`, CommunityErrorCode.NOT_GROUP_MANAGER),
  managersOnly: (what: string) =>
    AppError.forbidden(`Only the group's creator and moderators can ${what}`, CommunityErrorCode.NOT_GROUP_MANAGER),
  moderatorLimit: () =>
    AppError.forbidden("A moderator can act on plain members only; ask the group's creator", CommunityErrorCode.NOT_GROUP_MANAGER),
  creatorProtected: () =>
    AppError.rule(CommunityErrorCode.CREATOR_PROTECTED, "The group's creator cannot be removed, suspended or demoted"),
  creatorCannotLeave: () =>
    AppError.rule(CommunityErrorCode.CREATOR_CANNOT_LEAVE, "The group's creator cannot leave it; delete the group instead"),
  maxBelowCount: (count: number) =>
    new AppError(422, CommunityErrorCode.MAX_MEMBERS_BELOW_COUNT, `Max members cannot be below the current member count (${count})`, [
      { path: 'max_members', message: `Max members cannot be below the current member count (${count})` },
    ]),
  invitationNotFound: () => AppError.notFound('This invitation link is not valid', CommunityErrorCode.INVITATION_NOT_FOUND),
  invitationIdNotFound: () => AppError.notFound('Invitation not found', CommunityErrorCode.INVITATION_NOT_FOUND),
  invitationExpired: () =>
    AppError.rule(CommunityErrorCode.INVITATION_EXPIRED, 'This invitation link has expired; ask for a new invitation'),
  invitationNotPending: (status: string) =>
    AppError.rule(
      CommunityErrorCode.INVITATION_NOT_PENDING,
      `This invitation was already ${status}; only pending invitations can be used or resent`,
    ),
  fileNotFound: () => AppError.notFound('File not found', CommunityErrorCode.FILE_NOT_FOUND),
  uploadMissing: () => AppError.validation([{ path: 'file', message: 'Choose a file to upload' }], 'Choose a file to upload'),
  emptyFile: () => AppError.validation([{ path: 'file', message: 'The file is empty' }], 'The file is empty'),
  fileTooLarge: () =>
    new AppError(413, CommunityErrorCode.FILE_TOO_LARGE, `The file is larger than ${GROUP_FILE_MAX_BYTES / 1_048_576} MB`, [
      { path: 'file', message: 'File too large' },
    ]),
  postNotFound: () => AppError.notFound('Post not found', CommunityErrorCode.POST_NOT_FOUND),
  notPostAuthor: () => AppError.forbidden("Only the post's author or an admin can change it", CommunityErrorCode.NOT_POST_AUTHOR),
  recipientNotFound: () => AppError.notFound('Recipient not found', CommunityErrorCode.RECIPIENT_NOT_FOUND),
  messageToSelf: () =>
    new AppError(422, CommonErrorCode.BUSINESS_RULE, 'You cannot send a message to yourself', [
      { path: 'recipient_id', message: 'You cannot send a message to yourself' },
    ]),
  correspondentNotFound: () => AppError.notFound('This person was not found', CommunityErrorCode.CORRESPONDENT_NOT_FOUND),
  ownConversation: () =>
    AppError.badRequest(CommunityErrorCode.OWN_CONVERSATION, 'You cannot have a conversation with yourself', [
      { path: 'userId', message: 'You cannot have a conversation with yourself' },
    ]),
  notInProduction: () => AppError.forbidden('Test members can be added in development only', CommunityErrorCode.NOT_IN_PRODUCTION),
} as const;
