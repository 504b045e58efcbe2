import { identityRoutes, type SelfRegisterRole } from '@lp/contracts';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { callRoute } from '../../api/client';
import { forgetReferralCode, referralCode } from './referral-code';
import type { SignedInSession } from './session-storage';

export interface PhoneCodeRequest {
  phone: string;
  name: string;
  role: SelfRegisterRole;
}

/** `sign-in`: the phone has an account (verify-otp); `register`: it has none (complete-registration). */
export type PhoneFlow = 'sign-in' | 'register';

export type PhoneCodeOutcome = { kind: 'code-sent'; flow: PhoneFlow } | { kind: 'signed-in'; session: SignedInSession };

/** Spec 7/8: send-otp first; a 404 means no account yet, so the registration path sends the code. */
async function requestCode(request: PhoneCodeRequest): Promise<PhoneCodeOutcome> {
  try {
    await callRoute(identityRoutes.sendOtp, { body: request });
    return { kind: 'code-sent', flow: 'sign-in' };
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
  const answer = await callRoute(identityRoutes.completePhoneRegistration, { body: { ...request, ref: referralCode() } });
  if ('token' in answer) return { kind: 'signed-in', session: { token: answer.token, user: answer.user } };
  return { kind: 'code-sent', flow: 'register' };
}

interface ConfirmCode {
  flow: PhoneFlow;
  request: PhoneCodeRequest;
  code: string;
  /** the authenticator code, once the sign-in asked for it */
  totpCode?: string;
}

async function confirmCode({ flow, request, code, totpCode }: ConfirmCode): Promise<SignedInSession> {
  if (flow === 'sign-in') {
    const answer = await callRoute(identityRoutes.verifyOtp, {
      body: { phone: request.phone, code, ...(totpCode ? { totp_code: totpCode } : {}) },
    });
    return { token: answer.token, user: answer.user };
  }
  const answer = await callRoute(identityRoutes.completePhoneRegistration, { body: { ...request, code, ref: referralCode() } });
  forgetReferralCode();
  if (!('token' in answer)) throw new Error('The account was not created');
  return { token: answer.token, user: answer.user };
}

export function useRequestPhoneCode() {
  return useMutation({ mutationFn: requestCode });
}

export function useConfirmPhoneCode() {
  return useMutation({ mutationFn: confirmCode });
}
