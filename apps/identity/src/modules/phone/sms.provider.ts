/** Delivers a sign-in code by SMS. Pluggable: a real gateway implements the same method. */
export abstract class SmsProvider {
  abstract readonly name: string;
  abstract sendCode(phone: string, code: string, ttlSeconds: number): Promise<void>;
}
