/** The mentor dashboard's tabs: spec 2.13, both readings merged, in reading A's order. */
export const MENTOR_DESK_TABS = ['overview', 'sessions', 'mentees', 'analytics', 'bi', 'availability', 'resources', 'profile'] as const;
export type MentorDeskTab = (typeof MENTOR_DESK_TABS)[number];

/** ?tab= read from the URL: an unknown or missing value is the overview. */
export function deskTabOf(value: string | null): MentorDeskTab {
  return (MENTOR_DESK_TABS as readonly (string | null)[]).includes(value) ? (value as MentorDeskTab) : 'overview';
}
