import { Inject, Injectable } from '@nestjs/common';
import { ExportsUserData } from '@lp/service-kit';
import { UsersRepository } from '../users/users.repository.js';
import { PortalsRepository } from '../portals/portals.repository.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { TelegramRepository } from '../telegram/telegram.repository.js';
import { ComingSoonRepository } from '../coming-soon/coming-soon.repository.js';
import { toUser } from '../users/user.mapper.js';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * Everything identity keeps about a person, for their data export. Only fields picked
 * here leave: never password hashes, TOTP secrets or codes.
 */
@Injectable()
export class UserDataExporter {
  constructor(
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PortalsRepository) private readonly portals: PortalsRepository,
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(TelegramRepository) private readonly telegram: TelegramRepository,
    @Inject(ComingSoonRepository) private readonly comingSoon: ComingSoonRepository,
  ) {}

  /** Identity's part of every data export (asked over the bus by the worker). */
  @ExportsUserData()
  async collect(userId: string): Promise<Record<string, unknown>> {
    const user = await this.users.findById(userId);
    if (!user) return { profile: null };
    const [memberships, sessions, link, subscription] = await Promise.all([
      this.portals.listForUser(userId),
      this.sessions.listForUser(userId),
      this.telegram.findLink(userId),
      user.email ? this.comingSoon.findByEmail(user.email) : Promise.resolve(null),
    ]);
    const { notification_settings, ...profile } = toUser(user, memberships);
    return {
      profile: {
        ...profile,
        status: user.status,
        phone_verified_at: iso(user.phoneVerifiedAt),
        deletion_scheduled_at: iso(user.deletionScheduledAt),
      },
      notification_settings,
      portal_memberships: memberships.map((m) => ({
        institution_id: m.institutionId,
        institution_name: m.institutionName,
        role: m.role,
        access_level: m.accessLevel,
        is_primary: m.isPrimary,
        since: m.createdAt.toISOString(),
      })),
      sessions: sessions.map((s) => ({
        id: s.id,
        created_at: s.createdAt.toISOString(),
        expires_at: s.expiresAt.toISOString(),
        revoked_at: iso(s.revokedAt),
      })),
      telegram: link
        ? { telegram_user_id: link.telegramUserId, telegram_username: link.telegramUsername, linked_at: link.linkedAt.toISOString() }
        : null,
      coming_soon_subscription: subscription ? { email: subscription.email, subscribed_at: subscription.createdAt.toISOString() } : null,
    };
  }
}
