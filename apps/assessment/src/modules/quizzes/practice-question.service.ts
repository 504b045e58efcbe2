import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { assessmentInternal, type BotReadRequest } from '@lp/contracts';
import { HandlesInternal } from '@lp/service-kit';
import { isCorrect } from '../grading/grading.util.js';
import { QuizzesRepository } from './quizzes.repository.js';

type Answer = typeof assessmentInternal.botAnswer;
/** a true/false question stores no options of its own */
const TRUE_FALSE = ['True', 'False'];

/**
 * The Telegram bot's /quiz: one practice question of the user's courses and the grading of the
 * option pressed, by the attempts' own isCorrect. Practice only: an attempt covers a whole quiz
 * and quizzes limit attempts, so one question answered in a chat is not stored as one
 * (docs/notifications.md, "The Telegram bot").
 */
@Injectable()
export class PracticeQuestions {
  constructor(@Inject(QuizzesRepository) private readonly quizzes: QuizzesRepository) {}

  @HandlesInternal(assessmentInternal.botQuestion)
  async question(req: BotReadRequest): Promise<z.infer<typeof assessmentInternal.botQuestion.response>> {
    const q = await this.quizzes.practiceQuestion(req.user_id, null);
    if (!q) return null;
    return {
      question_id: q.id,
      quiz_title: q.quizTitle,
      course_title: q.courseTitle,
      question_text: q.questionText,
      options: optionsOf(q.questionType, q.options),
    };
  }

  @HandlesInternal(assessmentInternal.botAnswer)
  async answer(req: z.infer<Answer['request']>): Promise<z.infer<Answer['response']>> {
    const q = await this.quizzes.practiceQuestion(req.user_id, req.question_id);
    const options = q ? optionsOf(q.questionType, q.options) : [];
    const answer = options[req.option];
    if (!q || answer === undefined) return null;
    const correct = isCorrect(
      {
        id: q.id,
        question_text: q.questionText,
        question_type: q.questionType,
        options: q.options,
        correct_answer: q.correctAnswer,
        explanation: q.explanation,
        subject: q.subject || q.quizSubject,
        points: q.points,
      },
      answer,
    );
    return {
      question_text: q.questionText,
      answer,
      correct: correct === true,
      correct_answer: q.correctAnswer,
      explanation: q.explanation,
    };
  }
}

/** The options a person can press: a multiple-choice question's non-empty ones, or True and False. */
export function optionsOf(type: string, options: readonly string[]): string[] {
  return type === 'true_false' ? TRUE_FALSE : options.filter((o) => o.trim() !== '');
}
