import {
  DirectMessageCreateRequest,
  ForumPostCreateRequest,
  ForumPostUpdateRequest,
  GROUP_FILE_MAX_BYTES,
  GROUP_MAX_MEMBERS,
  GroupEventCreateRequest,
  GroupMessageCreateRequest,
  QaAnswerCreateRequest,
  QaQuestionCreateRequest,
  SendInvitationRequest,
  StudyGroupCategorySchema,
  StudyGroupUpdateRequest,
} from '@lp/contracts';
import { z } from 'zod';
import { maxMembersOf } from './format';

/**
 * Community's forms check what the contracts' schemas check (the server checks the same); only
 * what a box holds differs from what is sent: a category not chosen yet is '', max members and
 * a meeting link are text. The texts come from the contracts (looked up under validation.*) and
 * from en-community.json.
 */

// ---------- study groups ----------

/** Create and manage share the update request's fields (create only adds defaults the form always fills). */
export const GroupFormSchema = StudyGroupUpdateRequest.extend({
  /** '' until one is chosen */
  category: z.string().pipe(StudyGroupCategorySchema),
  /** as typed: a non-number falls back to 50 (spec 3, section 5), then the contract's 5-100 */
  max_members: z.preprocess((typed) => maxMembersOf(String(typed ?? '')), StudyGroupUpdateRequest.shape.max_members),
});
export type GroupFormValues = z.input<typeof GroupFormSchema>;
export type GroupBody = z.output<typeof GroupFormSchema>;
export const GROUP_FORM_FIELDS = ['name', 'description', 'category', 'max_members', 'privacy'] as const;

export const emptyGroupForm: GroupFormValues = {
  name: '',
  description: '',
  category: '',
  max_members: String(GROUP_MAX_MEMBERS.default),
  privacy: 'public',
};

// ---------- the workspace ----------

export const EventFormSchema = GroupEventCreateRequest;
export type EventFormValues = z.input<typeof EventFormSchema>;
export const EVENT_FORM_FIELDS = ['title', 'date', 'time', 'meeting_link', 'description'] as const;
export const emptyEventForm = { title: '', date: '', time: '', meeting_link: '', description: '' } satisfies EventFormValues;

export const MessageFormSchema = GroupMessageCreateRequest;
export const DirectMessageFormSchema = DirectMessageCreateRequest.pick({ content: true });
export const InviteFormSchema = SendInvitationRequest.extend({
  email: z.string().trim().pipe(SendInvitationRequest.shape.email),
  /** an empty message is left out */
  message: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(SendInvitationRequest.shape.message),
});
export const INVITE_FORM_FIELDS = ['email', 'message'] as const;

/** The upload box: a file, at most GROUP_FILE_MAX_BYTES (the server's limit, said before the upload starts). */
export const FILE_TOO_LARGE = 'file-too-large';
export const FileFormSchema = z.object({
  file: z.instanceof(File).refine((f) => f.size <= GROUP_FILE_MAX_BYTES, FILE_TOO_LARGE),
});

// ---------- posts and questions ----------

export const NewPostFormSchema = ForumPostCreateRequest;
export const EditPostFormSchema = ForumPostUpdateRequest;
/** tags are typed as text, separated by commas: the contract splits them */
export const AskFormSchema = QaQuestionCreateRequest;
export const ASK_FORM_FIELDS = ['title', 'content', 'category', 'tags', 'post_type'] as const;
export const AnswerFormSchema = QaAnswerCreateRequest;

/** Title and content both present: the Group Discussions create button is enabled. */
export function hasTitleAndContent(values: { title: string; content: string }): boolean {
  return values.title.trim() !== '' && values.content.trim() !== '';
}

// ---------- the forms' one alert ----------

export type FormProblem = { kind: 'missing' } | { kind: 'invalid'; message: string };

const isBlank = (value: unknown): boolean => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * What a form's one alert says (spec 3, section 5): a field in error that was left blank is the
 * spec's "Please fill in ..." text; otherwise the contract's message of the first field in error.
 */
export function formProblem<F extends string>(
  fields: readonly F[],
  values: Partial<Record<F, unknown>>,
  errors: Partial<Record<F, { message?: string | undefined } | undefined>>,
): FormProblem | null {
  const failing = fields.filter((f) => errors[f]);
  if (failing.length === 0) return null;
  if (failing.some((f) => isBlank(values[f]))) return { kind: 'missing' };
  return { kind: 'invalid', message: errors[failing[0]!]?.message ?? '' };
}
