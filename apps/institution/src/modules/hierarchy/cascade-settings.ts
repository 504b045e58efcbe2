import type { RouteOutput, institutionRoutes } from '@lp/contracts';

type Answer = RouteOutput<typeof institutionRoutes.cascadeSettings>;
type Settings = Answer['cascade_settings'];

/** institutions.cascade_settings' column default: what a new institution copies down */
export const CASCADE_DEFAULTS: Settings = { branding: true, pricing: false, policies: true, content: false, users: false };

/** The stored settings as the route answers them: a key missing or not a boolean takes its default. */
export function cascadeSettingsOf(row: { cascadeSettings: Record<string, unknown> | null; cascadeAppliedAt: Date | null } | null): Answer {
  const stored = row?.cascadeSettings ?? {};
  const settings = Object.fromEntries(
    Object.entries(CASCADE_DEFAULTS).map(([k, v]) => [k, typeof stored[k] === 'boolean' ? stored[k] : v]),
  ) as Settings;
  return { cascade_settings: settings, last_applied_at: row?.cascadeAppliedAt ? new Date(row.cascadeAppliedAt).toISOString() : null };
}
