import { createHmac, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { darajaTimestamp, stkPassword } from './mpesa-provider.js';
import { hmacHex, signatureMatches } from './payment-provider.js';
import { telebirrSign, telebirrSignString, telebirrVerify } from './telebirr-provider.js';

const BODY = '{"event":"charge.success","reference":"ref-1"}';

describe('webhook signatures (HMAC-SHA256 over the exact body)', () => {
  it('are the hex HMAC a provider computes with the shared secret', () => {
    expect(hmacHex('s3cret', BODY)).toBe(createHmac('sha256', 's3cret').update(BODY).digest('hex'));
    expect(hmacHex('s3cret', `${BODY} `)).not.toBe(hmacHex('s3cret', BODY));
  });

  it('match whatever the case and surrounding blanks of the header', () => {
    const expected = hmacHex('s3cret', BODY);
    expect(signatureMatches(expected, expected)).toBe(true);
    expect(signatureMatches(` ${expected.toUpperCase()}\n`, expected)).toBe(true);
  });

  it('do not match a missing, empty, shortened or other signature', () => {
    const expected = hmacHex('s3cret', BODY);
    expect(signatureMatches(undefined, expected)).toBe(false);
    expect(signatureMatches('', expected)).toBe(false);
    expect(signatureMatches(expected.slice(0, -2), expected)).toBe(false);
    expect(signatureMatches(hmacHex('other', BODY), expected)).toBe(false);
  });
});

describe("telebirr's request signing", () => {
  it('signs every field but sign and sign_type, biz_content lifted beside them, sorted, values as sent', () => {
    const text = telebirrSignString({
      timestamp: '1700000000',
      nonce_str: 'abc',
      method: 'payment.preorder',
      sign: 'x',
      sign_type: 'SHA256WithRSA',
      version: '1.0',
      biz_content: { trans_currency: 'ETB', total_amount: '12.50', title: 'A & B', nested: { no: 1 }, notify_url: 'https://x.test/n?a=1' },
    });
    expect(text).toBe(
      'method=payment.preorder&nonce_str=abc&notify_url=https://x.test/n?a=1&timestamp=1700000000&title=A & B&total_amount=12.50&trans_currency=ETB&version=1.0',
    );
  });

  it('leaves out empty values and reads numbers as text', () => {
    expect(telebirrSignString({ b: 2, a: null, c: undefined, d: 'x' })).toBe('b=2&d=x');
  });

  it('verifies what was signed with the matching key, and nothing altered or signed with another key', () => {
    const mine = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const theirs = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = (k: typeof mine) => ({
      priv: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      pub: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const [a, b] = [pem(mine), pem(theirs)];
    const signature = telebirrSign('a=1&b=2', a.priv);
    expect(telebirrVerify('a=1&b=2', signature, a.pub)).toBe(true);
    expect(telebirrVerify('a=1&b=3', signature, a.pub)).toBe(false);
    expect(telebirrVerify('a=1&b=2', telebirrSign('a=1&b=2', b.priv), a.pub)).toBe(false);
    expect(telebirrVerify('a=1&b=2', 'not base64 at all', a.pub)).toBe(false);
    expect(telebirrVerify('a=1&b=2', signature, 'not a key')).toBe(false);
  });
});

describe("M-Pesa's STK push credentials", () => {
  it('stamps the time in East Africa Time (UTC+3) as yyyyMMddHHmmss, across midnight too', () => {
    expect(darajaTimestamp(new Date('2026-03-04T05:06:07Z'))).toBe('20260304080607');
    expect(darajaTimestamp(new Date('2026-12-31T22:30:00Z'))).toBe('20270101013000');
  });

  it('makes the password base64 of shortcode, passkey and timestamp', () => {
    const password = stkPassword('174379', 'passkey', '20260304080607');
    expect(Buffer.from(password, 'base64').toString()).toBe('174379passkey20260304080607');
  });
});
