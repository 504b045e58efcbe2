import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { REDACTED_PATHS } from './logger.js';

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream), lines };
};

describe('log redaction', () => {
  it('never writes codes, tokens, passwords, secrets or credentials headers, at any of the usual depths', () => {
    const { log, lines } = capture();
    log.info({ phone: '+251911234567', smsCode: '480213' }, 'sms');
    log.info({ body: { email: 'a@b.co', password: 'hunter22', totp_code: '654321', code: '111222' } }, 'request');
    log.info({ req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'lp_refresh=xyz' } } }, 'headers');
    log.info({ result: { token: 'jwt-here', refresh_token: 'rt-here', secret: 'JBSWY3DP' } }, 'nested');
    log.info({ input: { body: { code: '999888', refresh_token: 'rt2' } } }, 'rpc');
    const all = lines.join('\n');
    for (const secret of [
      '480213',
      'hunter22',
      '654321',
      '111222',
      'abc.def.ghi',
      'lp_refresh=xyz',
      'jwt-here',
      'rt-here',
      'JBSWY3DP',
      '999888',
      'rt2',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('[redacted]');
    expect(all).toContain('+251911234567');
  });

  it('keeps error codes, which are what a log is for', () => {
    const { log, lines } = capture();
    log.warn({ code: 'SERVICE_UNAVAILABLE', subject: 'catalog.course.get' }, 'refused');
    expect(lines[0]).toContain('SERVICE_UNAVAILABLE');
  });
});
