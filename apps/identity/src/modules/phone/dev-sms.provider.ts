import type { Logger } from '@lp/service-kit';
import { SmsProvider } from './sms.provider.js';

/** Development SMS: the code goes to the log, and the last one per phone stays readable for tests. */
export class DevSmsProvider extends SmsProvider {
  readonly name = 'dev';
  private readonly lastCodes = new Map<string, string>();

  constructor(private readonly log: Logger) {
    super();
  }

  async sendCode(phone: string, code: string, ttlSeconds: number): Promise<void> {
    this.lastCodes.set(phone, code);
    this.log.info({ phone, code, ttlSeconds }, 'development SMS provider: sign-in code');
  }

  lastCodeFor(phone: string): string | undefined {
    return this.lastCodes.get(phone);
  }
}
