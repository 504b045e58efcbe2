import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GroupMemberEntity, QaQuestionEntity, StudyGroupEntity } from '../../entities/index.js';

/** The facts a live feed's access rests on; no rules here. */
@Injectable()
export class LiveAccessRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  groupExists(groupId: string): Promise<boolean> {
    return this.ds.getRepository(StudyGroupEntity).existsBy({ id: groupId });
  }

  isMember(groupId: string, userId: string): Promise<boolean> {
    return this.ds.getRepository(GroupMemberEntity).existsBy({ groupId, userId });
  }

  questionExists(questionId: string): Promise<boolean> {
    return this.ds.getRepository(QaQuestionEntity).existsBy({ id: questionId });
  }
}
