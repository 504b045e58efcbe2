import { Inject, Injectable } from '@nestjs/common';
import { identityEvents, identityRoutes, type RouteInput, type RouteOutput, type User } from '@lp/contracts';
import { writeEvent } from '@lp/bus';
import { UnitOfWork, Handles, currentCaller } from '@lp/service-kit';
import type { UserEntity } from '../../entities/user.entity.js';
import { toUser } from './user.mapper.js';
import { identityErrors } from '../../common/identity-errors.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { withAccountConflicts } from '../auth/registration.service.js';
import { SignInLimits } from '../credentials/sign-in-limits.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from './users.repository.js';
import { UserViewService } from './user-view.service.js';
import { AccountDeletionService } from './account-deletion.service.js';

type R = typeof identityRoutes;

/** The signed-in user's own account: profile, settings, password, deletion. */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(UserViewService) private readonly views: UserViewService,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(AccountDeletionService) private readonly deletion: AccountDeletionService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(SignInLimits) private readonly limits: SignInLimits,
  ) {}

  /** The caller's account, refused once it is gone or leaving (tokens may outlive Redis). */
  async activeUser(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw identityErrors.accountGone();
    if (user.status === 'pending_deletion') throw identityErrors.pendingDeletion();
    return user;
  }

  /**
   * The e-mail is how the account signs in and recovers: a stolen session must not be able
   * to move it, so a change takes the current password (wrong ones count against the
   * account like failed sign-ins). An account without a password (phone or Google only)
   * cannot change its e-mail here: there is nothing but the session to prove it is theirs.
   */
  private async assertMayChangeEmail(userId: string, email: string, currentPassword: string | undefined): Promise<void> {
    const user = await this.activeUser(userId);
    if (user.email === email) return;
    if (!user.passwordHash) throw identityErrors.emailChangeNeedsPassword();
    if (!currentPassword) throw identityErrors.currentPasswordRequired();
    this.limits.assertNotLocked(user);
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) {
      await this.limits.recordFailure(user.id);
      throw identityErrors.invalidCurrentPassword();
    }
  }

  @Handles(identityRoutes.me)
  async me(): Promise<User> {
    const caller = currentCaller();
    const view = await this.users.findViewById(caller.userId);
    if (!view) throw identityErrors.accountGone();
    if (view.user.status === 'pending_deletion') throw identityErrors.pendingDeletion();
    return toUser(view.user, view.memberships, caller.institutionId);
  }

  @Handles(identityRoutes.updateProfile)
  async updateProfile({ body: patch }: RouteInput<R['updateProfile']>): Promise<RouteOutput<R['updateProfile']>> {
    const caller = currentCaller();
    if (patch.email) await this.assertMayChangeEmail(caller.userId, patch.email, patch.current_password);
    const updated = await withAccountConflicts(
      this.uow.run(async (tx) => {
        const user = await this.users.findByIdForUpdate(tx, caller.userId);
        if (!user || user.status !== 'active') throw identityErrors.accountGone();
        if (patch.email && patch.email !== user.email) {
          const owner = await this.users.findByEmail(patch.email, tx);
          if (owner && owner.id !== user.id) throw identityErrors.emailTaken();
        }
        const next = {
          name: patch.name ?? user.name,
          email: patch.email ?? user.email,
          profileImage: patch.profile_image === undefined ? user.profileImage : patch.profile_image,
        };
        await this.users.update(tx, user.id, next);
        await writeEvent(tx, identityEvents.userUpdated, {
          v: 1,
          user_id: user.id,
          name: next.name,
          email: next.email,
          role: user.role,
          profile_image: next.profileImage,
        });
        return { ...user, ...next };
      }),
    );
    return { user: await this.views.view(updated, caller.institutionId) };
  }

  @Handles(identityRoutes.updateNotificationSettings)
  async updateNotificationSettings({
    body: settings,
  }: RouteInput<R['updateNotificationSettings']>): Promise<RouteOutput<R['updateNotificationSettings']>> {
    const caller = currentCaller();
    await this.activeUser(caller.userId);
    // the engagement service's deliveries obey the switches: it learns them from the event, in the same transaction
    await this.uow.run(async (tx) => {
      await this.users.update(tx, caller.userId, { notificationSettings: settings });
      await writeEvent(tx, identityEvents.notificationSettingsChanged, {
        v: 1,
        user_id: caller.userId,
        email: settings.email,
        study_reminders: settings.studyReminders,
        assignment_deadlines: settings.assignmentDeadlines,
        changed_at: new Date().toISOString(),
      });
    });
    return { notification_settings: settings };
  }

  /** The current password is checked here, never trusted from the browser; every other session ends. */
  @Handles(identityRoutes.changePassword)
  async changePassword({ body }: RouteInput<R['changePassword']>): Promise<RouteOutput<R['changePassword']>> {
    const caller = currentCaller();
    const user = await this.activeUser(caller.userId);
    if (!(await this.hasher.verify(user.passwordHash, body.current_password))) throw identityErrors.invalidCurrentPassword();
    const passwordHash = await this.hasher.hash(body.new_password);
    await this.uow.run(async (tx) => {
      await this.users.update(tx, user.id, { passwordHash });
      await this.sessions.revokeOthers(tx, user.id, caller.sessionId);
    });
    return { message: 'Password changed successfully!' };
  }

  @Handles(identityRoutes.deleteAccount)
  async deleteAccount(): Promise<RouteOutput<R['deleteAccount']>> {
    const at = await this.deletion.schedule(currentCaller().userId, 'self');
    return { message: 'Your account is scheduled for deletion', deletion_scheduled_at: at.toISOString() };
  }
}
