import { Injectable } from '@nestjs/common';
import type { QuestionEntity } from '../../entities/question.entity.js';

/** How many quizzes' question sets stay in memory (a quiz has at most 200 questions). */
const CAPACITY = 100;

/**
 * The question sets of recently taken quizzes, keyed by quiz id and version. Every change
 * of a quiz or of its questions bumps quizzes.version in the same transaction, so a reader
 * that saw version v in its snapshot gets exactly the questions of version v: no stale
 * set is ever served, on any replica, without invalidation messages. Opening and
 * submitting a session (the hot paths) then skip one query each. Entries are shared:
 * callers must not mutate them.
 */
@Injectable()
export class QuestionCache {
  private readonly sets = new Map<string, { version: number; questions: readonly QuestionEntity[] }>();

  async get(quizId: string, version: number, load: () => Promise<QuestionEntity[]>): Promise<readonly QuestionEntity[]> {
    const hit = this.sets.get(quizId);
    if (hit && hit.version === version) {
      // most recently used last: the oldest entry is the first one evicted
      this.sets.delete(quizId);
      this.sets.set(quizId, hit);
      return hit.questions;
    }
    const questions = await load();
    const newest = this.sets.get(quizId);
    // a concurrent load of a newer version wins
    if (!newest || newest.version <= version) {
      this.sets.delete(quizId);
      this.sets.set(quizId, { version, questions });
      if (this.sets.size > CAPACITY) this.sets.delete(this.sets.keys().next().value!);
    }
    return questions;
  }
}
