/** The mentor dashboard's tabs built so far (spec 2.13 reading A; the others arrive with sessions and resources). */
export const MENTOR_DESK_TABS = ['overview', 'availability', 'profile'] as const;
export type MentorDeskTab = (typeof MENTOR_DESK_TABS)[number];

/** ?tab= read from the URL: an unknown or missing value is the overview. */
export function deskTabOf(value: string | null): MentorDeskTab {
  return (MENTOR_DESK_TABS as readonly (string | null)[]).includes(value) ? (value as MentorDeskTab) : 'overview';
}
