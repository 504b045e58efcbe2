import { z } from 'zod';
import { defineEvent } from '../common/event.js';
import { RoleSchema } from '../common/roles.js';

const service = 'identity' as const;

export const identityEvents = {
  userRegistered: defineEvent({
    name: 'identity.user.registered',
    service,
    summary: 'A user account was created (self-registration, phone, Google or by an admin)',
    schema: z.object({
      v: z.literal(1),
      user_id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      role: RoleSchema,
      ref: z.string().nullable(),
      created_at: z.string(),
    }),
  }),
  userUpdated: defineEvent({
    name: 'identity.user.updated',
    service,
    summary: 'Name, e-mail or picture of a user changed',
    schema: z.object({
      v: z.literal(1),
      user_id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      role: RoleSchema,
      profile_image: z.string().nullable(),
    }),
  }),
  userDeletionScheduled: defineEvent({
    name: 'identity.user.deletion-scheduled',
    service,
    summary: "A user asked for (or an admin ordered) deletion; every service forgets the user's personal data",
    schema: z.object({ v: z.literal(1), user_id: z.string(), scheduled_at: z.string(), by: z.enum(['self', 'admin']) }),
  }),
  telegramLinked: defineEvent({
    name: 'identity.telegram.linked',
    service,
    summary:
      "A user linked a Telegram account through the bot (/start <code>): the engagement service sends the user's Telegram notifications to it",
    schema: z.object({ v: z.literal(1), user_id: z.string(), telegram_user_id: z.string(), linked_at: z.string() }),
  }),
  telegramUnlinked: defineEvent({
    name: 'identity.telegram.unlinked',
    service,
    summary: 'A user unlinked their Telegram account (on /profile or with /unlink in the bot): no Telegram notification goes out any more',
    schema: z.object({ v: z.literal(1), user_id: z.string(), unlinked_at: z.string() }),
  }),
  notificationSettingsChanged: defineEvent({
    name: 'identity.user.notification-settings-changed',
    service,
    summary: "A user's three notification switches changed (account settings): the engagement service's deliveries obey them",
    schema: z.object({
      v: z.literal(1),
      user_id: z.string(),
      email: z.boolean(),
      study_reminders: z.boolean(),
      assignment_deadlines: z.boolean(),
      changed_at: z.string(),
    }),
  }),
} as const;
