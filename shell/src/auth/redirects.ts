import type { Role, UserDto } from '@khidma/contracts';
import type { SessionStatus } from '@khidma/web-kit';

/** Pages that need a signed-in user (spec §2 and §6); the server refuses their calls anyway. */
const SIGN_IN_REQUIRED = [
  '/my-bookings',
  '/bookings',
  '/favourites',
  '/payment',
  '/provider-signup',
  '/become-provider',
  '/provider-dashboard',
  '/providers/dashboard',
  '/pending-approval',
  '/admin',
  '/admin-panel',
  '/profile',
  '/notifications',
  '/messages',
];

/**
 * Account and e-mailed-link pages stay open to every role: the account menu links to them, and the
 * role redirects would otherwise send an admin or provider away before a link's token is used.
 */
const ACCOUNT_PAGES = ['/profile', '/notifications', '/messages', '/reset-password', '/verify-email', '/admin-access'];

/** A provider also books and saves favourites as a client. */
const PROVIDER_AREAS = ['/provider', '/chat', '/my-bookings', '/favourites'];

const isUnder = (pathname: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** Where the shell sends someone instead of `pathname`: null to stay, 'wait' while the session loads. */
export type AccessDecision = null | 'wait' | { to: string; notice?: 'adminsOnly' };

export function accessDecision(
  status: SessionStatus,
  role: Role | undefined,
  location: { pathname: string; search: string },
): AccessDecision {
  const { pathname, search } = location;
  // The sign-in pages wait for the session restore too: a sign-in racing the restore's refresh
  // would have its new refresh cookie cleared by the restore's "no session" answer.
  if (status === 'loading' && (pathname === '/login' || pathname === '/signup')) return 'wait';
  if (status !== 'authenticated') {
    if (!isUnder(pathname, SIGN_IN_REQUIRED)) return null;
    return status === 'loading' ? 'wait' : { to: `/login?redirect=${encodeURIComponent(pathname + search)}` };
  }
  if (isUnder(pathname, ACCOUNT_PAGES)) return null;
  // Signed in already: the sign-in pages pass on to where they would have led.
  if (pathname === '/login' || pathname === '/signup') {
    return { to: destinationAfterSignIn({ role: role ?? 'client' }, new URLSearchParams(search).get('redirect')) };
  }
  // Spec §2 role redirects; the role is the server's (from the token's session answer).
  if (role === 'admin') return pathname.startsWith('/admin') ? null : { to: '/admin' };
  if (role === 'provider') return PROVIDER_AREAS.some((area) => pathname.startsWith(area)) ? null : { to: '/provider-dashboard' };
  return pathname.startsWith('/admin') ? { to: '/', notice: 'adminsOnly' } : null;
}

/**
 * The `redirect` query parameter if it points into this site: a path with a single leading slash.
 * `//evil.example`, `/\evil.example` and `https://…` would leave the site, so they are ignored.
 */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** After sign-in: admins to the admin panel, everyone else back where they came from or home. */
export function destinationAfterSignIn(user: Pick<UserDto, 'role'>, redirect: string | null): string {
  if (user.role === 'admin') return '/admin';
  return safeRedirect(redirect) ?? '/';
}
