import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RateLimiters } from '@khidma/nest-kit';
import { authErrors } from './auth-errors.js';

export const LOGIN_LIMITS = {
  /** Failures of one account from one address before that pair is held back. */
  perAccountIp: { points: 5, duration: 15 * 60 },
  /** Failures from one address, whatever the accounts (password spraying). */
  perIp: { points: 20, duration: 15 * 60 },
  /** The first hold lasts this long; each further one within a day twice as long, up to a day. */
  firstHoldSeconds: 60,
  maxHoldSeconds: 24 * 3600,
} as const;

const HOLDS = { points: 64, duration: 24 * 3600 };

/**
 * Failed e-mail sign-ins. Counted per account *and* client address, so a guesser is slowed by holds
 * that double each time (1 min, 2, 4 … up to a day) while the owner, from any other address, signs
 * in as usual: nobody can lock a victim out. The counters also carry a fingerprint of the account's
 * password hash, so the e-mailed password-reset link ends every hold on the account. Per address,
 * 20 failures over any accounts in 15 minutes stop spraying. Counters live in nest-kit's shared
 * rate-limit store (Redis across replicas, memory embedded).
 */
@Injectable()
export class LoginLimiter {
  constructor(private readonly limiters: RateLimiters) {}

  private get perAccountIp() {
    return this.limiters.limiter('login-fail-account-ip', LOGIN_LIMITS.perAccountIp);
  }

  private get perIp() {
    return this.limiters.limiter('login-fail-ip', LOGIN_LIMITS.perIp);
  }

  private get holds() {
    return this.limiters.limiter('login-holds', HOLDS);
  }

  /** The account+address key; a new password (the reset link) starts new counters. */
  static key(email: string, ip: string, passwordHash: string | null | undefined): string {
    const generation = passwordHash ? createHash('sha256').update(passwordHash).digest('hex').slice(0, 12) : '-';
    return `${email}|${ip}|${generation}`;
  }

  /** Throws 429 too_many_attempts (with the seconds to wait) while the pair is held or the address is used up. */
  async assertAllowed(key: string, ip: string): Promise<void> {
    const [pair, address] = await Promise.all([this.perAccountIp.get(key), this.perIp.get(ip)]);
    const used = [
      [pair, this.limiters.scaled(LOGIN_LIMITS.perAccountIp).points],
      [address, this.limiters.scaled(LOGIN_LIMITS.perIp).points],
    ] as const;
    for (const [state, points] of used) {
      if (state && state.consumedPoints >= points) throw authErrors.tooManyAttempts(Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
    }
  }

  async failed(key: string, ip: string): Promise<void> {
    const [pair] = await Promise.all([this.perAccountIp.penalty(key, 1), this.perIp.penalty(ip, 1)]);
    if (pair.consumedPoints < this.limiters.scaled(LOGIN_LIMITS.perAccountIp).points) return;
    // The pair just used up its failures: hold it, longer each time within a day.
    const holds = await this.holds.penalty(key, 1);
    const seconds = Math.min(LOGIN_LIMITS.firstHoldSeconds * 2 ** (holds.consumedPoints - 1), LOGIN_LIMITS.maxHoldSeconds);
    await this.perAccountIp.block(key, seconds);
  }

  /** The right password from this address: its failures and holds are forgotten. */
  async succeeded(key: string): Promise<void> {
    await Promise.all([this.perAccountIp.delete(key), this.holds.delete(key)]);
  }
}
