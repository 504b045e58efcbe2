import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { ROLES, type AdminCreateUserRequest, type AdminUsersQuery, type Role } from '@lp/contracts';
import { UnitOfWork, Clock } from '@lp/service-kit';
import type { UserEntity } from '../../entities/user.entity.js';
import { identityErrors } from '../../common/identity-errors.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccountDeletionService } from '../users/account-deletion.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { RegistrationService, withAccountConflicts } from '../auth/registration.service.js';
import { AdminRepository, type PopularCourse } from './admin.repository.js';

type ListQuery = z.infer<typeof AdminUsersQuery>;
type NewUser = z.infer<typeof AdminCreateUserRequest>;

export interface PlatformAnalytics {
  total_users: number;
  total_courses: number;
  total_sessions: number;
  revenue_stats: { total_revenue: number; monthly_revenue: number };
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

  list(query: ListQuery): Promise<{ users: UserEntity[]; total: number }> {
    return this.users.list({ role: query.role, search: query.search || undefined, limit: query.limit, offset: query.offset });
  }

  async create(input: NewUser, requestId: string): Promise<UserEntity> {
    const passwordHash = await this.hasher.hash(input.password);
    return withAccountConflicts(
      this.uow.run((tx) =>
        this.registration.createAccount(
          tx,
          { name: input.name, email: input.email, phone: null, phoneVerifiedAt: null, passwordHash, role: input.role, ref: null },
          requestId,
        ),
      ),
    );
  }

  /** Creates the account unless the e-mail is known; never changes an existing one. */
  async ensure(input: NewUser, requestId: string): Promise<{ id: string; created: boolean }> {
    const existing = await this.users.findByEmail(input.email);
    if (existing) return { id: existing.id, created: false };
    try {
      return { id: (await this.create(input, requestId)).id, created: true };
    } catch (e) {
      const winner = await this.users.findByEmail(input.email);
      if (winner) return { id: winner.id, created: false };
      throw e;
    }
  }

  async remove(userId: string, requestId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw identityErrors.userNotFound();
    if (user.role === 'admin') throw identityErrors.adminNotDeletable();
    await this.deletion.schedule(userId, 'admin', requestId);
  }

  async analytics(): Promise<PlatformAnalytics> {
    const month = this.clock.now().toISOString().slice(0, 7);
    const [byRole, totalCourses, popular, sessions, revenue, monthly] = await Promise.all([
      this.users.countByRole(),
      this.stats.countCourses(),
      this.stats.popularCourses(POPULAR_COURSES),
      this.stats.stat('sessions', 'all'),
      this.stats.stat('revenue', 'all'),
      this.stats.stat('revenue', month),
    ]);
    const userCounts = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    for (const { role, count } of byRole) userCounts[role] = count;
    return {
      total_users: byRole.reduce((sum, r) => sum + r.count, 0),
      total_courses: totalCourses,
      total_sessions: sessions,
      revenue_stats: { total_revenue: revenue, monthly_revenue: monthly },
      user_counts: userCounts,
      popular_courses: popular,
    };
  }
}
