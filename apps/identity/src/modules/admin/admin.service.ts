import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { ROLES, identityRoutes, toMajor, type AdminCreateUserRequest, type Role, type RouteInput, type RouteOutput } from '@lp/contracts';
import { UnitOfWork, Clock, Handles } from '@lp/service-kit';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { toAdminUser } from '../users/user.mapper.js';
import { AccountDeletionService } from '../users/account-deletion.service.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { RegistrationService, withAccountConflicts } from '../auth/registration.service.js';
import { AdminRepository, type PopularCourse } from './admin.repository.js';
import { SESSIONS_METRIC } from './mentoring-sessions.consumer.js';
import { REVENUE_METRICS } from './billing-revenue.consumer.js';

type R = typeof identityRoutes;
type NewUser = z.infer<typeof AdminCreateUserRequest>;

export interface PlatformAnalytics {
  total_users: number;
  total_courses: number;
  total_sessions: number;
  revenue_stats: { total_revenue: number; monthly_revenue: number; avg_session_value: number };
  user_counts: Record<Role, number>;
  popular_courses: PopularCourse[];
}

const POPULAR_COURSES = 5;

/** Platform administration: users of every role, deletion, analytics; and the seed's idempotent account creation. */
@Injectable()
export class AdminService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AdminRepository) private readonly stats: AdminRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(RegistrationService) private readonly registration: RegistrationService,
    @Inject(AccountDeletionService) private readonly deletion: AccountDeletionService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Handles(identityRoutes.adminListUsers)
  async list({ query }: RouteInput<R['adminListUsers']>): Promise<RouteOutput<R['adminListUsers']>> {
    const search = query.search || undefined;
    const { users, total } = await this.users.list({ role: query.role, search, limit: query.limit, offset: query.offset });
    return { users: users.map(toAdminUser), total };
  }

  @Handles(identityRoutes.adminCreateUser)
  async create({ body }: RouteInput<R['adminCreateUser']>): Promise<RouteOutput<R['adminCreateUser']>> {
    return { user: toAdminUser(await this.createAccount(body)) };
  }

  /** An account through the normal registration (its events included); 409 when the e-mail is taken. */
  async createAccount(input: NewUser): Promise<UserEntity> {
    const passwordHash = await this.hasher.hash(input.password);
    return withAccountConflicts(
      this.uow.run((tx) =>
        this.registration.createAccount(tx, {
          name: input.name,
          email: input.email,
          phone: null,
          phoneVerifiedAt: null,
          passwordHash,
          role: input.role,
          ref: null,
        }),
      ),
    );
  }

  @Handles(identityRoutes.adminDeleteUser)
  async remove({ params }: RouteInput<R['adminDeleteUser']>): Promise<RouteOutput<R['adminDeleteUser']>> {
    const userId = params.id;
    const user = await this.users.findById(userId);
    if (!user) throw identityErrors.userNotFound();
    if (user.role === 'admin') throw identityErrors.adminNotDeletable();
    await this.deletion.schedule(userId, 'admin');
    return { message: 'User deleted' };
  }

  @Handles(identityRoutes.adminAnalytics)
  async analytics(): Promise<PlatformAnalytics> {
    const month = this.clock.now().toISOString().slice(0, 7);
    const [byRole, totalCourses, popular, sessions, revenueMinor, monthlyMinor, sessionRevenueMinor, paidSessions] = await Promise.all([
      this.users.countByRole(),
      this.stats.countCourses(),
      this.stats.popularCourses(POPULAR_COURSES),
      this.stats.stat(SESSIONS_METRIC, 'all'),
      this.stats.stat(REVENUE_METRICS.revenue, 'all'),
      this.stats.stat(REVENUE_METRICS.revenue, month),
      this.stats.stat(REVENUE_METRICS.sessionRevenue, 'all'),
      this.stats.stat(REVENUE_METRICS.paidSessions, 'all'),
    ]);
    const userCounts = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    for (const { role, count } of byRole) userCounts[role] = count;
    return {
      total_users: byRole.reduce((sum, r) => sum + r.count, 0),
      total_courses: totalCourses,
      total_sessions: sessions,
      // the counters hold USD cents (billing-revenue.consumer.ts); the figures are dollars
      revenue_stats: {
        total_revenue: toMajor(revenueMinor, 'USD'),
        monthly_revenue: toMajor(monthlyMinor, 'USD'),
        avg_session_value: paidSessions > 0 ? toMajor(Math.round(sessionRevenueMinor / paidSessions), 'USD') : 0,
      },
      user_counts: userCounts,
      popular_courses: popular,
    };
  }
}
