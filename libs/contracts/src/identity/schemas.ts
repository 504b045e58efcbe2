import { z } from 'zod';
import { RoleSchema, SelfRegisterRoleSchema } from '../common/roles.js';
import { IdSchema } from '../common/ids.js';
import { BULK_IMPORT_BATCH_MAX } from '../common/batches.js';

// Field names are the ones the browser of the spec sends and reads.

export const PASSWORD_MIN_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const TELEGRAM_LINK_CODE_TTL_SECONDS = 300;
export const DELETE_CONFIRMATION_PHRASE = 'DELETE MY ACCOUNT';

const trimmed = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .pipe(z.email({ error: 'Enter a valid email address' }).max(254));
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`)
  .max(256, 'Password is too long');
/** International format, e.g. +251911234567 (the spec's placeholder is Ethiopian). */
export const PhoneSchema = z
  .string({ error: 'Phone is required' })
  .trim()
  .transform((s) => s.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone number in international format, e.g. +251911234567'));
export const OtpCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');

export const NotificationSettingsSchema = z.object({
  email: z.boolean(),
  studyReminders: z.boolean(),
  assignmentDeadlines: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const PortalSchema = z.object({
  institution_id: IdSchema,
  name: z.string(),
  subdomain: z.string().nullable(),
  role: z.string(),
  is_primary: z.boolean(),
  is_current: z.boolean(),
});
export type Portal = z.infer<typeof PortalSchema>;

export const InstitutionRefSchema = z.object({ id: IdSchema, name: z.string(), subdomain: z.string().nullable() });

export const UserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: RoleSchema,
  institution: InstitutionRefSchema.nullable(),
  available_portals: z.array(PortalSchema),
  profile_image: z.string().nullable(),
  notification_settings: NotificationSettingsSchema,
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponse = z.object({ token: z.string(), user: UserSchema });

export const RegisterRequest = z.object({
  name: trimmed('Name'),
  email: EmailSchema,
  password: PasswordSchema,
  phone: PhoneSchema.optional().nullable(),
  otp: OtpCodeSchema.optional().nullable(),
  role: SelfRegisterRoleSchema,
  /** referral code from the ?ref= link */
  ref: z.string().trim().max(64).optional().nullable(),
});
/** Authenticator code, asked on every way of signing in once two-factor authentication is on. */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits');
export const LoginRequest = z.object({
  email: EmailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  totp_code: TotpCodeSchema.optional(),
});
export const CrossPortalLoginResponse = z.object({
  access_token: z.string(),
  user: UserSchema,
  institution: InstitutionRefSchema.nullable(),
  available_portals: z.array(PortalSchema),
});
export const SessionExchangeRequest = z.object({
  session_id: z.string({ error: 'session_id is required' }).trim().min(1, 'session_id is required').max(512),
  role: SelfRegisterRoleSchema.optional(),
  totp_code: TotpCodeSchema.optional(),
  /** referral code from the ?ref= link (used when the exchange creates the account) */
  ref: z.string().trim().max(64).optional().nullable(),
});
export const SessionExchangeResponse = z.object({ session_token: z.string(), user: UserSchema });
export const DevProviderSessionRequest = z.object({ email: EmailSchema, name: trimmed('Name') });
export const DevProviderSessionResponse = z.object({ session_id: z.string() });
/** A person an external sign-in provider (Google, or the development stand-in) vouched for. */
export const ExternalIdentitySchema = z.object({
  provider: z.enum(['google', 'dev']),
  /** the provider's own id of the person */
  subject: z.string().min(1).max(255),
  email: EmailSchema,
  name: z.string().trim().min(1).max(200),
});
export type ExternalIdentity = z.infer<typeof ExternalIdentitySchema>;

export const SendOtpRequest = z.object({
  phone: PhoneSchema,
  name: trimmed('Name').optional(),
  role: SelfRegisterRoleSchema.optional(),
});
export const SendOtpResponse = z.object({ message: z.string(), expires_in: z.number().int() });
export const VerifyOtpRequest = z.object({ phone: PhoneSchema, code: OtpCodeSchema, totp_code: TotpCodeSchema.optional() });
export const CompleteRegistrationRequest = z.object({
  phone: PhoneSchema,
  name: trimmed('Name'),
  role: SelfRegisterRoleSchema,
  /** absent: a code is sent to the phone; present: the account is created */
  code: OtpCodeSchema.optional(),
  /** referral code from the ?ref= link (used when the account is created) */
  ref: z.string().trim().max(64).optional().nullable(),
});
export const CompleteRegistrationResponse = z.union([
  AuthResponse,
  z.object({ otp_sent: z.literal(true), message: z.string(), expires_in: z.number().int() }),
]);

export const PortalContextResponse = z.object({ available_portals: z.array(PortalSchema) });
/** The browser sends no body: the gateway puts the refresh-token cookie here. */
export const RefreshRequest = z.object({ refresh_token: z.string().min(1).max(200) });
export const RefreshResponse = z.object({ token: z.string(), expires_in: z.number().int() });
export const DownloadLinkRequest = z.object({
  /** the file's URL path as the page knows it, e.g. /api/certificates/{courseId} */
  path: z
    .string()
    .regex(/^\/api\/[A-Za-z0-9/_.-]+$/, 'A file path under /api')
    .max(500),
});
export const DownloadLinkResponse = z.object({ url: z.string(), expires_in: z.number().int() });

export const SwitchPortalRequest = z.object({ target_institution_id: IdSchema });
export const SwitchPortalResponse = z.object({ access_token: z.string(), institution: InstitutionRefSchema });
export const GrantSubsidiaryAccessRequest = z.object({
  institution_id: IdSchema,
  user_email: EmailSchema,
  role: SelfRegisterRoleSchema,
  permissions: z.array(z.string().max(64)).max(50).default([]),
  access_level: z.enum(['standard', 'admin', 'readonly']).default('standard'),
});

export const ComingSoonRequest = z.object({ email: EmailSchema });

export const ProfileUpdateRequest = z
  .object({
    name: trimmed('Full Name').optional(),
    email: EmailSchema.optional(),
    /** required when the e-mail changes: a stolen session must not take the account's sign-in address */
    current_password: z.string().min(1).max(256).optional(),
    profile_image: z.url({ error: 'Must be a URL' }).max(2048).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export const UserResponse = z.object({ user: UserSchema });
export const NotificationSettingsResponse = z.object({ notification_settings: NotificationSettingsSchema });
export const ChangePasswordRequest = z.object({
  current_password: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  new_password: z
    .string({ error: 'New password is required' })
    .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters long!`)
    .max(256),
});
export const Enable2faResponse = z.object({
  message: z.string(),
  qr_code: z.string(),
  secret: z.string(),
  otpauth_url: z.string(),
});
export const Confirm2faRequest = z.object({ code: OtpCodeSchema });
/** Setting two-factor up again, while it is on, takes a code of the current authenticator. */
export const Enable2faRequest = z.object({ code: TotpCodeSchema.optional() });
export const DeleteAccountResponse = z.object({ message: z.string(), deletion_scheduled_at: z.string() });

export const TelegramLinkStatus = z.object({
  linked: z.boolean(),
  telegram_username: z.string().nullable(),
  linked_at: z.string().nullable(),
});
export const TelegramLinkCodeResponse = z.object({ code: z.string(), expires_at: z.string(), expires_in: z.number() });
/** Sent by the Telegram bot (bus only) when a user types /start <code>. */
export const TelegramConfirmLinkRequest = z.object({
  code: z.string().trim().min(1),
  telegram_user_id: z.string().min(1).max(64),
  telegram_username: z.string().max(64).nullable(),
});
/** The bot asks who a Telegram account is linked to (bus only). */
export const TelegramUserRequest = z.object({ telegram_user_id: z.string().min(1).max(64) });
/**
 * The linked platform account, or null when the Telegram account is not linked or the account
 * is no longer active. Identity keeps no language setting, so none is sent (the bot answers in
 * the language Telegram reports when it has texts for it).
 */
export const TelegramLinkedUserReply = z.object({ user_id: IdSchema, role: RoleSchema, name: z.string() }).nullable();

export const AdminUserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: RoleSchema,
  status: z.enum(['active', 'pending_deletion']),
  created_at: z.string(),
});
export const AdminUsersQuery = z.object({
  role: RoleSchema.optional(),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});
export const AdminUsersResponse = z.object({ users: z.array(AdminUserSchema), total: z.number().int() });
export const AdminCreateUserRequest = z.object({
  email: EmailSchema,
  name: trimmed('Name'),
  password: PasswordSchema,
  role: RoleSchema,
});
export const AdminCreateUserResponse = z.object({ user: AdminUserSchema });
export const AdminAnalyticsResponse = z.object({
  total_users: z.number().int(),
  total_courses: z.number().int(),
  total_sessions: z.number().int(),
  /**
   * Dollars (USD payments only) from billing's payment events: everything paid, minus refunds, in
   * all and in this month (UTC); avg_session_value is mentoring sessions' revenue per paid session (0 when none)
   */
  revenue_stats: z.object({ total_revenue: z.number(), monthly_revenue: z.number(), avg_session_value: z.number() }),
  user_counts: z.record(z.string(), z.number().int()),
  popular_courses: z.array(z.object({ id: z.string(), title: z.string(), enrollment_count: z.number().int() })),
});

/** institution and the bulk-import job -> identity: up to BULK_IMPORT_BATCH_MAX people by e-mail, found or (create) made as learners */
export const EnsureMemberAccountsRequest = z.object({
  people: z
    .array(z.object({ email: EmailSchema, name: z.string().trim().min(1).max(200).nullable() }))
    .min(1)
    .max(BULK_IMPORT_BATCH_MAX),
  create: z.boolean(),
  /**
   * what the accounts are made for (a bulk import: `bulk-import:<id>`): an account made earlier
   * for the same origin, by an attempt of the same import that failed later, is answered as
   * made (created true) again, not as someone's existing account to be invited
   */
  origin: z.string().min(1).max(100).optional(),
});
export const EnsureMemberAccountsReply = z.object({
  accounts: z.array(
    z.object({
      email: z.string(),
      /** null: no account and none made (create false), or the account is being deleted */
      user: z.object({ id: IdSchema, name: z.string(), email: z.string(), role: RoleSchema, created: z.boolean() }).nullable(),
    }),
  ),
});

/** institution -> identity: the e-mail of a signed-in person, to match the invitations addressed to them (null: none, or not active) */
export const AccountEmailRequest = z.object({ user_id: IdSchema });
export const AccountEmailReply = z.object({ email: z.string().nullable() });

// ---- "Forgot password?" (besides ROUTES.md): a link by e-mail to set a new (or a first) password

/** how long a password-reset link works */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PASSWORD_RESET_REQUESTED_MESSAGE = `If an account exists for that e-mail, we have sent a link to set a new password. It is valid for ${PASSWORD_RESET_TTL_MINUTES} minutes.`;
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password is set. You can sign in now.';

export const ForgotPasswordRequest = z.object({ email: EmailSchema });
export const ResetPasswordRequest = z.object({
  /** the token of the link (/reset-password?token=...) */
  token: z.string({ error: 'The link is incomplete' }).trim().min(1, 'The link is incomplete').max(200, 'The link is not valid'),
  /** the same rules as at registration */
  password: PasswordSchema,
});
