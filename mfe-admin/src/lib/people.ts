import type { UserDto } from '@khidma/contracts';

/** A user as people read them: their name, or the e-mail when the account has no name yet. */
export const displayName = (user: Pick<UserDto, 'firstName' | 'lastName' | 'email'>): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
