import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { User } from '@lp/contracts';
import type { UserEntity } from '../../entities/user.entity.js';
import { PortalsRepository } from '../portals/portals.repository.js';
import { toUser } from './user.mapper.js';

/** Loads what the mapper needs (the user's portal memberships) and maps. */
@Injectable()
export class UserViewService {
  constructor(@Inject(PortalsRepository) private readonly portals: PortalsRepository) {}

  async view(user: UserEntity, currentInstitutionId: string | null = null, tx?: EntityManager): Promise<User> {
    return toUser(user, await this.portals.listForUser(user.id, tx), currentInstitutionId);
  }
}
