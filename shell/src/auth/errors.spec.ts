import { ApiError } from '@khidma/web-kit';
import { authErrorKey } from './errors';
import { GoogleSignInError } from './google';

const api = (status: number, code?: string, fields?: Record<string, string>) =>
  new ApiError(status, 'x', code ? { statusCode: status, code, message: 'x', fields } : undefined);

it.each([
  [api(401, 'invalid_credentials'), 'signIn', 'invalidCredentials'],
  [api(404, 'account_not_found'), 'signIn', 'accountNotFound'],
  [api(400, 'invalid_email'), 'signIn', 'invalidEmail'],
  [api(429, 'too_many_attempts'), 'signIn', 'tooManyAttempts'],
  [api(429), 'signIn', 'tooManyAttempts'],
  [api(429, 'rate_limited'), 'signUp', 'rateLimited'],
  [api(429, 'rate_limited'), 'resetRequest', 'rateLimited'],
  [api(403, 'account_disabled'), 'signIn', 'accountDisabled'],
  [api(409, 'email_in_use'), 'signUp', 'emailInUse'],
  [api(400, 'weak_password'), 'signUp', 'weakPassword'],
  [api(400, 'common_password'), 'signUp', 'commonPassword'],
  [api(400, 'validation_failed', { email: 'email' }), 'signUp', 'invalidEmail'],
  [api(400, 'validation_failed', { password: 'minLength' }), 'signUp', 'weakPassword'],
  [api(400, 'invalid_token'), 'resetConfirm', 'invalidToken'],
  [api(500), 'signIn', 'signInFailed'],
  [api(500), 'signUp', 'signUpFailed'],
  [api(500), 'resetRequest', 'resetFailed'],
  [api(500), 'adminLink', 'adminAccessFailed'],
  [new TypeError('Failed to fetch'), 'signIn', 'network'],
  [new GoogleSignInError('popupClosed'), 'signIn', 'popupClosed'],
  [new GoogleSignInError('popupBlocked'), 'signIn', 'popupBlocked'],
  [new GoogleSignInError('cancelled'), 'signIn', 'cancelled'],
  [new GoogleSignInError('network'), 'signIn', 'network'],
  [new GoogleSignInError('failed'), 'signUp', 'signUpFailed'],
  [new Error('boom'), 'signIn', 'signInFailed'],
] as const)('%s while %s -> auth.errors.%s', (error, action, key) => {
  expect(authErrorKey(error, action)).toBe(`auth.errors.${key}`);
});
