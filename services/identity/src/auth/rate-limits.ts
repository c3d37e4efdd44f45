import type { RateLimitRule } from '@khidma/nest-kit';

const HOUR = 3600;

/**
 * Identity's request limits (docs/security.md has the table). Mail-sending routes count per address
 * as well as per client, whether or not an account uses the address, so the answer stays the same.
 */
export const IDENTITY_LIMITS = {
  signUp: [{ name: 'signup-ip', by: 'ip', points: 10, duration: HOUR }],
  signIn: [{ name: 'login-ip', by: 'ip', points: 60, duration: 15 * 60 }],
  passwordReset: [
    { name: 'reset-email', by: 'email', points: 3, duration: HOUR },
    { name: 'reset-ip', by: 'ip', points: 10, duration: HOUR },
  ],
  verificationResend: [
    { name: 'verify-resend-user', by: 'user', points: 3, duration: HOUR },
    { name: 'verify-resend-ip', by: 'ip', points: 10, duration: HOUR },
  ],
  adminLink: [
    { name: 'admin-link-email', by: 'email', points: 3, duration: HOUR },
    { name: 'admin-link-ip', by: 'ip', points: 10, duration: HOUR },
  ],
  /** Routes that take an e-mailed token: the tokens are unguessable, this only keeps scripts slow. */
  tokenUse: [{ name: 'token-use-ip', by: 'ip', points: 30, duration: 15 * 60 }],
} satisfies Record<string, RateLimitRule[]>;
