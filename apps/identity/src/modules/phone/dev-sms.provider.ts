import { AppError } from '@lp/contracts';
import type { Logger } from '@lp/service-kit';
import { SmsProvider } from './sms.provider.js';

/**
 * Development SMS: the last code per phone stays readable for tests, and goes to the log
 * only when development was asked for explicitly (`NODE_ENV=development`), never in tests,
 * never elsewhere (identity refuses this provider outside development and tests).
 */
export class DevSmsProvider extends SmsProvider {
  readonly name = 'dev';
  private readonly lastCodes = new Map<string, string>();

  constructor(
    private readonly log: Logger,
    private readonly logCodes: boolean,
  ) {
    super();
  }

  async sendCode(phone: string, code: string, ttlSeconds: number): Promise<void> {
    this.lastCodes.set(phone, code);
    // the one code a log may show, on purpose: a developer's own phone number on their own machine
    if (this.logCodes) this.log.info({ phone, developmentCode: code, ttlSeconds }, 'development SMS provider: sign-in code');
  }

  lastCodeFor(phone: string): string | undefined {
    return this.lastCodes.get(phone);
  }
}

/** No SMS provider configured: phone sign-in and registration answer 503. */
export class DisabledSmsProvider extends SmsProvider {
  readonly name = 'none';
  async sendCode(): Promise<void> {
    throw new AppError(503, 'PROVIDER_NOT_CONFIGURED', 'Sign-in by phone is not available');
  }
}
