import type { z } from 'zod';
import { billingInternal, catalogRoutes, institutionRoutes as r, type Caller, type Role } from '@lp/contracts';
import { SeedError, demoUser, pollWhile, type SeedContext, type Seeder } from '@lp/service-kit';

type Institution = z.infer<typeof r.me.response>;

/** The demo institution user's institution. */
export const demoInstitution: z.input<typeof r.onboard.body> = {
  name: 'Addis Learning Group',
  subdomain: 'addis-learning',
  contact_email: 'office@addis-learning.example',
  contact_phone: '+251 11 555 0100',
  address: 'Bole Road 12, Addis Ababa',
  country: 'Ethiopia',
  registration_number: 'ET-REG-2024-0042',
  tax_id: 'ET-TIN-0099887766',
};
/** Its tree, top first: each level one organizational level below its parent. */
const demoSubsidiaries: ReadonlyArray<
  Pick<z.input<typeof r.createSubsidiary.body>, 'name' | 'subdomain' | 'organizational_level' | 'level_type'> & {
    name: string;
    organizational_level: number;
    level_type: string;
    /** the subsidiary it sits below; null: the top institution */
    parent: string | null;
  }
> = [
  { name: 'Addis Campus', subdomain: 'addis-campus', organizational_level: 2, level_type: 'subsidiary', parent: null },
  { name: 'Bole Branch', subdomain: 'bole-branch', organizational_level: 3, level_type: 'branch', parent: 'Addis Campus' },
  {
    name: 'Bole Computing Department',
    subdomain: 'bole-computing',
    organizational_level: 4,
    level_type: 'department',
    parent: 'Bole Branch',
  },
];
const demoInstitutionCourses: ReadonlyArray<z.input<typeof catalogRoutes.createCourse.body> & { title: string }> = [
  {
    title: 'Digital Literacy for Staff',
    description: 'Office tools, e-mail etiquette and safe browsing for every new member of staff.',
    price: 0,
    category: 'programming',
    level: 'beginner',
    is_published: true,
  },
  {
    title: 'Introduction to Data Analysis',
    description: 'Spreadsheets, charts and a first look at Python for the analysis of campus data.',
    price: 0,
    category: 'data-science',
    level: 'beginner',
    is_published: true,
  },
];
const demoBulkCsv = [
  'email,name,role',
  'student.meron@learnhub.local,Meron Student,student',
  'student.yonas@learnhub.local,Yonas Student,student',
  'student.liya@learnhub.local,Liya Student,student',
  'not-an-email,Broken Row,student',
  'teacher.kebede@learnhub.local,Kebede Teacher,faculty',
].join('\n');

/** A sub-leasing plan for the institution's students. */
const demoSubleasingPlan: z.input<typeof r.createPlan.body> & { name: string } = {
  name: 'Campus Student Plan',
  description: 'Every institution course for one semester',
  price: 1500,
  currency: 'ETB',
  billing_period: 'semester',
  member_type: 'student',
  features: ['All institution courses', 'Certificates', 'Mentoring discounts'],
  is_featured: true,
};

const demoApiKey: z.input<typeof r.createApiKey.body> & { key_name: string } = {
  key_name: 'Demo integration',
  permissions: ['courses.read', 'students.read', 'enrollments.create', 'analytics.read'],
  rate_limit_per_minute: 60,
};

/** An institution that waits for the admin's verification, and its owner. */
const demoPendingOwner = { email: 'pending.institution@learnhub.local', name: 'Hiwot Institution', role: 'institution' } as const;
const demoPendingInstitution: z.input<typeof r.onboard.body> = {
  name: 'Hawassa Training Center',
  subdomain: 'hawassa-training',
  contact_email: 'info@hawassa-training.example',
  country: 'Ethiopia',
  registration_number: 'ET-REG-2025-0107',
};

/**
 * institution: the demo institution user's verified institution with three levels of
 * subsidiaries, students and faculty (the demo accounts and mentoring's two mentees), a
 * sub-leasing plan, a paid tier with API access and an API key (its value printed once, when
 * made), a bulk CSV import with one bad row, two institution courses with enrollments; and a
 * pending institution for the admin to verify. Read first, so a second run changes nothing.
 */
async function seedInstitution(ctx: SeedContext): Promise<void> {
  const ada = demoUser(ctx, 'institution', 'institution');
  const inst = await seedVerifiedInstitution(ctx, ada);
  const as = ctx.as(ada, 'institution', inst.id);
  await seedPaidTier(ctx, inst, as);
  await seedSubsidiaries(ctx, inst, as);
  await seedMembers(ctx, inst.id, as);
  await seedSubleasingPlan(ctx, inst.id, as);
  await seedCourses(ctx, inst.id, as);
  await seedBulkImport(ctx, inst.id, as);
  await seedApiKey(ctx, inst.id, as);
  await seedPendingInstitution(ctx);
}

/** The caller's own institution, or null before onboarding. */
async function ownInstitution(ctx: SeedContext, who: Caller): Promise<Institution | null> {
  try {
    return await ctx.call(r.me, {}, who);
  } catch (e) {
    if (e instanceof SeedError && e.code === 'NO_INSTITUTION') return null;
    throw e;
  }
}

async function seedVerifiedInstitution(ctx: SeedContext, ada: { id: string; email: string; name: string }): Promise<Institution> {
  let inst = await ownInstitution(ctx, ctx.as(ada, 'institution'));
  if (!inst) {
    inst = await ctx.call(r.onboard, { body: demoInstitution }, ctx.as(ada, 'institution'));
    ctx.log(`institution: ${ada.email} onboarded "${inst.name}" (${inst.subdomain})`);
  }
  if (inst.verification_status === 'pending') {
    const admin = demoUser(ctx, 'admin', 'institution');
    inst = await ctx.call(
      r.verify,
      { params: { id: inst.id }, body: { status: 'verified', notes: 'Registration and tax papers checked (demo)' } },
      ctx.as(admin, 'admin'),
    );
    ctx.log(`institution: "${inst.name}" verified by ${admin.email}`);
  }
  return inst;
}

/** A paid tier with API access, paid from the wallet in birr. */
async function seedPaidTier(ctx: SeedContext, inst: Institution, as: Caller): Promise<void> {
  const { tiers } = await ctx.call(r.tiers, {}, as);
  const paid = tiers.filter((t) => t.api_access && t.price_monthly_minor > 0).sort((a, b) => a.display_order - b.display_order)[0];
  if (!paid || inst.subscription_tier_name === paid.tier_name) return;
  await ctx.request(billingInternal.seedWallet, {
    user_id: as.userId,
    currency: 'ETB',
    deposit_minor: paid.price_monthly_minor,
    description: 'Wallet top-up in birr via telebirr (institution plan)',
  });
  const up = await ctx.call(
    r.upgrade,
    { params: { id: inst.id }, body: { tier_id: paid.id, billing_cycle: 'monthly', payment_method: 'wallet' } },
    as,
  );
  ctx.log(`institution: upgraded to ${paid.display_name} (${up.status})`);
}

/** Three levels of subsidiaries below the top institution. */
async function seedSubsidiaries(ctx: SeedContext, inst: Institution, as: Caller): Promise<void> {
  const id = inst.id;
  const { subsidiaries } = await ctx.call(r.listSubsidiaries, { params: { id } }, as);
  const byName = new Map<string, { id: string; name: string }>(subsidiaries.map((x) => [x.name, x]));
  for (const { parent: parentName, ...sub } of demoSubsidiaries) {
    if (byName.has(sub.name)) continue;
    const parent = parentName ? byName.get(parentName)! : inst;
    const made = await ctx.call(
      r.createSubsidiary,
      { params: { id }, body: { ...sub, parent_institution_id: parent.id, inherit_branding: true } },
      as,
    );
    byName.set(sub.name, made);
    ctx.log(`institution: subsidiary "${made.name}" (${sub.level_type}, level ${sub.organizational_level}) under "${parent.name}"`);
  }
}

/**
 * Students and faculty: the demo learner, mentoring's two mentees, the demo instructor.
 * Membership is by consent (issue 24, item 3): Ada invites each of them, and each accepts the
 * invitation as themself.
 */
async function seedMembers(ctx: SeedContext, id: string, as: Caller): Promise<void> {
  const person = (email: string) => {
    const user = ctx.people[email];
    if (!user) throw new SeedError(`institution: ${email} is missing (mentoring makes it)`);
    return user;
  };
  const people: Array<{ email: string; member_type: 'student' | 'faculty'; role: Role }> = [
    { email: demoUser(ctx, 'learner', 'institution').email, member_type: 'student', role: 'learner' },
    { email: 'learner.abel@learnhub.local', member_type: 'student', role: 'learner' },
    { email: 'learner.hana@learnhub.local', member_type: 'student', role: 'learner' },
    { email: demoUser(ctx, 'instructor', 'institution').email, member_type: 'faculty', role: 'instructor' },
  ];
  const { members } = await ctx.call(r.listMembers, { params: { id }, query: {} }, as);
  const have = new Set(members.map((m) => m.user.email));
  for (const p of people.filter((x) => !have.has(x.email))) {
    await ctx.call(r.addMember, { params: { id }, body: { email: p.email, member_type: p.member_type, create_account: false } }, as);
    const asPerson = ctx.as(person(p.email), p.role);
    const { invitations } = await ctx.call(r.myInvitations, {}, asPerson);
    const invitation = invitations.find((i) => i.institution_id === id);
    if (!invitation) throw new SeedError(`institution: no invitation reached ${p.email}`);
    await ctx.call(r.acceptInvitation, { params: { invitationId: invitation.id } }, asPerson);
    ctx.log(`institution: ${p.email} invited as ${p.member_type} and accepted`);
  }
}

async function seedSubleasingPlan(ctx: SeedContext, id: string, as: Caller): Promise<void> {
  const { plans } = await ctx.call(r.listPlans, { params: { id } }, as);
  if (plans.some((p) => p.name === demoSubleasingPlan.name)) return;
  await ctx.call(r.createPlan, { params: { id }, body: demoSubleasingPlan }, as);
  ctx.log(`institution: sub-leasing plan "${demoSubleasingPlan.name}" (1,500 ETB a semester)`);
}

/** Institution courses (the session scoped to the institution makes them its own), every student enrolled. */
async function seedCourses(ctx: SeedContext, id: string, as: Caller): Promise<void> {
  const list = await ctx.call(catalogRoutes.institutionCourses, {}, as);
  const students = (await ctx.call(r.listMembers, { params: { id }, query: { member_type: 'student' } }, as)).members;
  for (const c of demoInstitutionCourses) {
    let course = list.find((x) => x.title === c.title);
    if (!course) {
      course = await ctx.call(catalogRoutes.createCourse, { body: c }, as);
      ctx.log(`institution: course "${c.title}"`);
    }
    for (const s of students) await ctx.call(r.enrollMember, { params: { id }, body: { member_id: s.id, course_id: course.id } }, as);
  }
}

/** A bulk import with one bad row (a second run finds it and leaves it). */
async function seedBulkImport(ctx: SeedContext, id: string, as: Caller): Promise<void> {
  const { imports } = await ctx.call(r.bulkImports, { params: { id } }, as);
  if (imports.length) return;
  const queued = await ctx.call(
    r.bulkEnroll,
    { params: { id }, body: { csv_data: Buffer.from(demoBulkCsv).toString('base64'), course_id: null } },
    as,
  );
  const job = await pollWhile(
    () => ctx.call(r.bulkImport, { params: { id, jobId: queued.job_id } }, as),
    queued,
    (j) => j.status === 'queued' || j.status === 'running',
    300,
    200,
  );
  ctx.log(
    `institution: bulk import ${job.status}: ${job.successful} added, ${job.failed} failed (${job.errors.map((e) => `row ${e.row}: ${e.error}`).join('; ')})`,
  );
}

/** An API key, its value shown once. */
async function seedApiKey(ctx: SeedContext, id: string, as: Caller): Promise<void> {
  const { api_keys } = await ctx.call(r.listApiKeys, { params: { id } }, as);
  if (api_keys.some((k) => k.key_name === demoApiKey.key_name && k.is_active)) return;
  const key = await ctx.call(r.createApiKey, { params: { id }, body: demoApiKey }, as);
  ctx.log(`institution: API key "${demoApiKey.key_name}" (shown this once, keep it): ${key.api_key}`);
}

async function seedPendingInstitution(ctx: SeedContext): Promise<void> {
  const asPending = ctx.as(await ctx.ensureUser(demoPendingOwner), 'institution');
  if (await ownInstitution(ctx, asPending)) return;
  await ctx.call(r.onboard, { body: demoPendingInstitution }, asPending);
  ctx.log(`institution: ${demoPendingOwner.email} onboarded "${demoPendingInstitution.name}" (pending verification)`);
}

export const seeder: Seeder = { area: 'institution', run: seedInstitution };
