import { PASSWORD_RULES } from '@khidma/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { authErrors } from './auth-errors.js';

/**
 * zxcvbn-ts's list of ~50,000 most common passwords (lower-case), loaded once into a Set: a lookup
 * per sign-up or reset, compared case-insensitively so "Password1" counts as "password1".
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'] as string[]);

/** Throws weak_password (outside 8-128 characters) or common_password; length counts characters, not bytes. */
export function assertAcceptablePassword(password: string): void {
  const length = [...password].length;
  if (length < PASSWORD_RULES.minLength || length > PASSWORD_RULES.maxLength) {
    throw authErrors.weakPassword(PASSWORD_RULES.minLength, PASSWORD_RULES.maxLength);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) throw authErrors.commonPassword();
}
