import type { Role } from '@lp/contracts';
import type { SeedContext, Seeder } from '@lp/service-kit';

/** One account per role, in the order the start banner prints them; every one with DEMO_PASSWORD. */
export const demoAccounts: ReadonlyArray<{ role: Role; email: string; name: string }> = [
  { role: 'learner', email: 'learner@learnhub.local', name: 'Lena Learner' },
  { role: 'instructor', email: 'instructor@learnhub.local', name: 'Ivan Instructor' },
  { role: 'mentor', email: 'mentor@learnhub.local', name: 'Mia Mentor' },
  { role: 'institution', email: 'institution@learnhub.local', name: 'Ada Institution' },
  { role: 'admin', email: 'admin@learnhub.local', name: 'Adam Admin' },
];

/** identity: the demo accounts, through the seed's idempotent account creation (`identity.seed.ensure-user`). */
async function seedIdentity(ctx: SeedContext): Promise<void> {
  for (const a of demoAccounts) {
    const { created, ...user } = await ctx.ensureUser(a);
    ctx.users[a.role] = user;
    ctx.log(`identity: ${a.email} (${a.role}) ${created ? 'created' : 'already there'}`);
  }
}

export const seeder: Seeder = { area: 'identity', run: seedIdentity };
