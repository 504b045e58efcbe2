import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { NOTIFICATION_TYPE_NAMES, type NotificationType } from '@lp/contracts';
import { openToken, signToken } from '@lp/auth';
import { ENV, isWeakSecret } from '@lp/service-kit';
import type { GamificationEnv } from '../../config/gamification-env.js';

/** The API path a mail client's one-click POST goes to; the SPA's page of the same name asks first. */
export const UNSUBSCRIBE_API_PATH = '/api/notifications/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/**
 * The one-click unsubscribe of a notification e-mail (RFC 8058): a token naming its recipient
 * and its type, signed with UNSUBSCRIBE_SECRET. It has no expiry, since an e-mail is read months
 * later and the only thing it can do is turn one type's e-mails off (the recipient turns them
 * back on in account settings); it opens nothing else.
 */
@Injectable()
export class UnsubscribeLinks implements OnModuleInit {
  constructor(@Inject(ENV) private readonly env: GamificationEnv) {}

  /** A link anybody could forge would let strangers silence a user's mail: production refuses the default. */
  onModuleInit(): void {
    if (this.env.NODE_ENV === 'production' && isWeakSecret(this.env.UNSUBSCRIBE_SECRET)) {
      throw new Error(
        'Invalid configuration:\n  UNSUBSCRIBE_SECRET: must be set in production to a random value of at least 32 characters (not a placeholder)',
      );
    }
  }

  token(userId: string, type: NotificationType): string {
    return signToken([userId, type], this.env.UNSUBSCRIBE_SECRET);
  }

  /** The recipient and type of a genuine token, else null. */
  open(token: string): { userId: string; type: NotificationType } | null {
    const parts = openToken(token, this.env.UNSUBSCRIBE_SECRET, 2);
    if (!parts) return null;
    const [userId, type] = parts as [string, string];
    if (!/^[0-9a-f-]{36}$/i.test(userId) || !(NOTIFICATION_TYPE_NAMES as readonly string[]).includes(type)) return null;
    return { userId, type: type as NotificationType };
  }

  /** The List-Unsubscribe target (the one-click POST) and the page a person opens from the e-mail's text. */
  urls(userId: string, type: NotificationType): { oneClick: string; page: string } {
    const q = `?token=${encodeURIComponent(this.token(userId, type))}`;
    return { oneClick: `${this.env.PUBLIC_URL}${UNSUBSCRIBE_API_PATH}${q}`, page: `${this.env.PUBLIC_URL}${UNSUBSCRIBE_PAGE_PATH}${q}` };
  }
}
