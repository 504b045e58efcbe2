import { AppError, CommunityErrorCode } from '@lp/contracts';

/** Every error the Q&A forum answers with on purpose; codes from @lp/contracts (CommunityErrorCode). */
export const qaErrors = {
  questionNotFound: () => AppError.notFound('Question not found', CommunityErrorCode.QUESTION_NOT_FOUND),
  answerNotFound: () => AppError.notFound('Answer not found', CommunityErrorCode.ANSWER_NOT_FOUND),
  notAuthorOrAdmin: (action: 'edit' | 'delete') =>
    AppError.forbidden(`Only the question's author or an admin can ${action} it`, CommunityErrorCode.NOT_QUESTION_AUTHOR),
  notQuestionAuthor: () => AppError.forbidden("Only the question's author can accept an answer", CommunityErrorCode.NOT_QUESTION_AUTHOR),
  ownPostVote: (what: 'question' | 'answer') => AppError.rule(CommunityErrorCode.OWN_POST_VOTE, `You cannot upvote your own ${what}`),
} as const;
