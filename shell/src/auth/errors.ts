import { AUTH_ERROR_CODES } from '@khidma/contracts';
import { ApiError } from '@khidma/web-kit';
import { GoogleSignInError } from './google';

/** What the user was doing: picks the fallback message when the error has no known code (spec §8). */
export type AuthAction = 'signIn' | 'signUp' | 'resetRequest' | 'resetConfirm' | 'adminLink' | 'verify' | 'resendVerification';

const C = AUTH_ERROR_CODES;
/** Server error code -> message key under `auth.errors`. */
const BY_CODE: Record<string, string> = {
  [C.invalidCredentials]: 'invalidCredentials',
  [C.accountNotFound]: 'accountNotFound',
  [C.invalidEmail]: 'invalidEmail',
  [C.emailInUse]: 'emailInUse',
  [C.weakPassword]: 'weakPassword',
  [C.commonPassword]: 'commonPassword',
  [C.tooManyAttempts]: 'tooManyAttempts',
  rate_limited: 'rateLimited',
  [C.accountDisabled]: 'accountDisabled',
  [C.invalidToken]: 'invalidToken',
  [C.googleNotConfigured]: 'googleNotConfigured',
};

const FALLBACK: Record<AuthAction, string> = {
  signIn: 'signInFailed',
  signUp: 'signUpFailed',
  resetRequest: 'resetFailed',
  resetConfirm: 'passwordChangeFailed',
  adminLink: 'adminAccessFailed',
  verify: 'verifyFailed',
  resendVerification: 'resendFailed',
};

/** The one error-to-message map of the auth screens: a key under `auth.errors` for `t()`. */
export function authErrorKey(error: unknown, action: AuthAction): string {
  const key = (name: string) => `auth.errors.${name}`;
  if (error instanceof GoogleSignInError) return key(error.reason === 'failed' ? FALLBACK[action] : error.reason);
  if (error instanceof ApiError) {
    const known = error.code ? BY_CODE[error.code] : undefined;
    if (known) return key(known);
    // A generic validation answer still says which field was wrong.
    if (error.fields?.email) return key('invalidEmail');
    if (error.fields?.password) return key('weakPassword');
    if (error.status === 429) return key('tooManyAttempts');
    return key(FALLBACK[action]);
  }
  // fetch rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return key('network');
  return key(FALLBACK[action]);
}

/** A plausible e-mail address (the server has the final word). */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
