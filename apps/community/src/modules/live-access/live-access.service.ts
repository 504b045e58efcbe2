import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { AppError, CommunityErrorCode, communityLiveInternal } from '@lp/contracts';
import { HandlesInternal } from '@lp/service-kit';
import { LiveAccessRepository } from './live-access.repository.js';

type Access = typeof communityLiveInternal.access;

/**
 * Bus only: the gateway asks before it opens a live feed and again while it stays open.
 * A group's feed is for its members; a suspended member cannot post but still reads.
 */
@Injectable()
export class LiveAccessService {
  constructor(@Inject(LiveAccessRepository) private readonly repo: LiveAccessRepository) {}

  @HandlesInternal(communityLiveInternal.access)
  async access(payload: z.infer<Access['request']>): Promise<z.infer<Access['response']>> {
    if (payload.subject === 'question') {
      if (!(await this.repo.questionExists(payload.id)))
        throw AppError.notFound('Question not found', CommunityErrorCode.QUESTION_NOT_FOUND);
      return { allowed: true };
    }
    const [exists, member] = await Promise.all([this.repo.groupExists(payload.id), this.repo.isMember(payload.id, payload.user_id)]);
    if (!exists) throw AppError.notFound('Study group not found', CommunityErrorCode.GROUP_NOT_FOUND);
    if (!member) throw AppError.forbidden("Only the group's members can follow its messages", CommunityErrorCode.NOT_GROUP_MEMBER);
    return { allowed: true };
  }
}
