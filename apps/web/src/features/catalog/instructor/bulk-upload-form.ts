import { BulkUploadRequest, LESSON_CONTENT_TYPES, type LessonContentType } from '@lp/contracts';
import { z } from 'zod';

export interface BulkLessonDraft {
  title: string;
  content_type: LessonContentType;
  content: string;
}

export const isComplete = (lesson: BulkLessonDraft) => lesson.title.trim() !== '' && lesson.content.trim() !== '';
export const blankLesson = (): BulkLessonDraft => ({ title: '', content_type: 'text', content: '' });
const BulkLesson = BulkUploadRequest.shape.lessons.element;

/**
 * The lessons as typed; only the complete ones (a title and a content) are sent, each checked by
 * the contract's bulk lesson schema, its messages on that lesson's fields.
 */
export const BulkForm = z
  .object({ lessons: z.array(z.object({ title: z.string(), content_type: z.enum(LESSON_CONTENT_TYPES), content: z.string() })) })
  .superRefine((v, ctx) =>
    v.lessons.forEach((lesson, index) => {
      if (!isComplete(lesson)) return;
      for (const issue of BulkLesson.safeParse(lesson).error?.issues ?? []) {
        ctx.addIssue({ code: 'custom', path: ['lessons', index, ...issue.path], message: issue.message });
      }
    }),
  )
  .transform((v) => v.lessons.filter(isComplete).map((lesson) => BulkLesson.parse(lesson)));
export type BulkLessons = z.output<typeof BulkForm>;
