/** The services of the platform; each owns its database and its NATS subjects. */
export const SERVICES = [
  'identity',
  'catalog',
  'assessment',
  'mentoring',
  'community',
  'institution',
  'billing',
  'gamification',
  'ai',
] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Services that exist today; /api/health reports each one. Grows as services land. */
export const RUNNING_SERVICES: readonly ServiceName[] = [
  'identity',
  'catalog',
  'assessment',
  'billing',
  'community',
  'mentoring',
  'institution',
  'gamification',
];
