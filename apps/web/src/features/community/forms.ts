import { GROUP_MAX_MEMBERS, type GroupPrivacy, type StudyGroupCategory } from '@lp/contracts';
import { maxMembersOf } from './format';

/** The spec's texts (spec 3, section 5). */
export const FILL_ALL_FIELDS = 'Please fill in all fields';
export const FILL_REQUIRED_FIELDS = 'Please fill in all required fields';

export interface GroupFormValues {
  name: string;
  description: string;
  category: StudyGroupCategory | '';
  /** as typed: a non-number falls back to 50 */
  max_members: string;
  privacy: GroupPrivacy;
}

export interface GroupBody {
  name: string;
  description: string;
  category: StudyGroupCategory;
  max_members: number;
  privacy: GroupPrivacy;
}

export const emptyGroupForm: GroupFormValues = {
  name: '',
  description: '',
  category: '',
  max_members: String(GROUP_MAX_MEMBERS.default),
  privacy: 'public',
};

/**
 * Checks the create or manage form: name, description and category are required (create says
 * 'Please fill in all fields', the manage form 'Please fill in all required fields'); max members
 * is a number from 5 to 100, 50 when not a number.
 */
export function validateGroupForm(values: GroupFormValues, form: 'create' | 'manage'): { body: GroupBody } | { error: string } {
  if (!values.name.trim() || !values.description.trim() || !values.category) {
    return { error: form === 'create' ? FILL_ALL_FIELDS : FILL_REQUIRED_FIELDS };
  }
  const max = maxMembersOf(values.max_members);
  if (max < GROUP_MAX_MEMBERS.min) return { error: `Max members must be at least ${GROUP_MAX_MEMBERS.min}` };
  if (max > GROUP_MAX_MEMBERS.max) return { error: `Max members cannot exceed ${GROUP_MAX_MEMBERS.max}` };
  return {
    body: {
      name: values.name.trim(),
      description: values.description.trim(),
      category: values.category,
      max_members: max,
      privacy: values.privacy,
    },
  };
}

/** Title and content both present: the Group Discussions create button is enabled, an edit may be saved, a question asked. */
export function hasTitleAndContent(values: { title: string; content: string }): boolean {
  return values.title.trim() !== '' && values.content.trim() !== '';
}

export interface EventFormValues {
  title: string;
  date: string;
  time: string;
  meeting_link: string;
  description: string;
}

export const emptyEventForm: EventFormValues = { title: '', date: '', time: '', meeting_link: '', description: '' };

/** An event needs title, date and time; the meeting link is optional but must be an http(s) address. */
export function validateEventForm(values: EventFormValues): { error: string } | null {
  if (!values.title.trim() || !values.date || !values.time) return { error: FILL_REQUIRED_FIELDS };
  const link = values.meeting_link.trim();
  if (link) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(link).protocol);
    } catch {
      ok = false;
    }
    if (!ok) return { error: 'Meeting link must be an http(s) URL' };
  }
  return null;
}
