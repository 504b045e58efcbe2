import { MentorProfileUpdateRequest, type MentorProfile } from '@lp/contracts';
import { z } from 'zod';
import { initialTimeZone } from './time-zones';

/**
 * The contract's profile request, with the two number boxes read from their text: an empty
 * hourly rate is "required" (0 is a rate a mentor may choose, so it is typed, never assumed),
 * an empty experience is 0 years.
 */
export const ProfileFormSchema = MentorProfileUpdateRequest.extend({
  hourly_rate: z.string().trim().min(1, 'Hourly rate is required').transform(Number).pipe(MentorProfileUpdateRequest.shape.hourly_rate),
  experience_years: z
    .string()
    .trim()
    .transform((v) => (v === '' ? 0 : Number(v)))
    .pipe(MentorProfileUpdateRequest.shape.experience_years.unwrap()),
});
export type ProfileFormValues = z.input<typeof ProfileFormSchema>;
export type ProfileFormOutput = z.output<typeof ProfileFormSchema>;

/** The form's fields, as the server names them in errors[].path. */
export const PROFILE_FIELDS = [
  'bio',
  'expertise_areas',
  'hourly_rate',
  'currency',
  'experience_years',
  'languages',
  'timezone',
  'is_accepting_bookings',
] as const satisfies readonly (keyof ProfileFormValues)[];
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * What the form starts with: the saved profile. A mentor who never saved it starts with no rate
 * typed, in the browser's time zone (unless a schedule saved first chose one), speaking English
 * (the server's own default, which a row made by saving the schedule first lacks).
 */
export function profileFormDefaults(profile: MentorProfile, browserZone: string): Required<ProfileFormValues> {
  return {
    bio: profile.bio,
    expertise_areas: [...profile.expertise_areas],
    hourly_rate: profile.is_published ? String(profile.hourly_rate.amount) : '',
    currency: profile.hourly_rate.currency,
    experience_years: String(profile.experience_years),
    languages: !profile.is_published && profile.languages.length === 0 ? ['English'] : [...profile.languages],
    timezone: initialTimeZone(profile, browserZone),
    is_accepting_bookings: profile.is_accepting_bookings,
  };
}
