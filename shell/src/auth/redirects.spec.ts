import { accessDecision, destinationAfterSignIn, safeRedirect } from './redirects';

const at = (pathname: string, search = '') => ({ pathname, search });

describe('sign-in required pages', () => {
  it.each(['/my-bookings', '/my-bookings/12', '/bookings', '/payment', '/provider-signup', '/become-provider', '/provider-dashboard', '/providers/dashboard', '/pending-approval', '/admin', '/admin-panel', '/profile', '/notifications', '/favourites'])(
    'a signed-out visitor of %s goes to /login?redirect=<path>',
    (path) => {
      expect(accessDecision('anonymous', undefined, at(path, '?x=1'))).toEqual({ to: `/login?redirect=${encodeURIComponent(`${path}?x=1`)}` });
    },
  );

  it.each(['/', '/services', '/booking', '/login', '/signup', '/reset-password', '/about'])('%s is open to visitors', (path) => {
    expect(accessDecision('anonymous', undefined, at(path))).toBeNull();
  });

  it('waits for the session restore instead of redirecting too early', () => {
    expect(accessDecision('loading', undefined, at('/profile'))).toBe('wait');
    expect(accessDecision('loading', undefined, at('/login'))).toBe('wait');
    expect(accessDecision('loading', undefined, at('/services'))).toBeNull();
  });
});

describe('role redirects (spec §2)', () => {
  it('admins go to /admin unless already under /admin', () => {
    expect(accessDecision('authenticated', 'admin', at('/'))).toEqual({ to: '/admin' });
    expect(accessDecision('authenticated', 'admin', at('/services'))).toEqual({ to: '/admin' });
    expect(accessDecision('authenticated', 'admin', at('/admin'))).toBeNull();
    expect(accessDecision('authenticated', 'admin', at('/admin-panel'))).toBeNull();
  });

  it('providers go to /provider-dashboard unless under /provider, /chat, /my-bookings or /favourites', () => {
    expect(accessDecision('authenticated', 'provider', at('/'))).toEqual({ to: '/provider-dashboard' });
    expect(accessDecision('authenticated', 'provider', at('/admin'))).toEqual({ to: '/provider-dashboard' });
    for (const path of ['/provider-dashboard', '/providers/dashboard', '/provider-signup', '/chat', '/my-bookings/3', '/favourites']) {
      expect(accessDecision('authenticated', 'provider', at(path))).toBeNull();
    }
  });

  it('a client who opens /admin goes home with the "Admins only" notice', () => {
    expect(accessDecision('authenticated', 'client', at('/admin'))).toEqual({ to: '/', notice: 'adminsOnly' });
    expect(accessDecision('authenticated', 'client', at('/admin-panel'))).toEqual({ to: '/', notice: 'adminsOnly' });
    expect(accessDecision('authenticated', 'client', at('/services'))).toBeNull();
  });

  it('a signed-in user on /login or /signup passes on to where sign-in would lead', () => {
    expect(accessDecision('authenticated', 'client', at('/login', '?redirect=%2Fpayment'))).toEqual({ to: '/payment' });
    expect(accessDecision('authenticated', 'client', at('/signup'))).toEqual({ to: '/' });
    expect(accessDecision('authenticated', 'admin', at('/login'))).toEqual({ to: '/admin' });
  });

  it('account and e-mailed-link pages stay open to every role', () => {
    for (const role of ['admin', 'provider', 'client'] as const) {
      for (const path of ['/profile', '/notifications', '/verify-email', '/reset-password', '/admin-access']) {
        expect(accessDecision('authenticated', role, at(path))).toBeNull();
      }
    }
  });
});

describe('redirect parameter', () => {
  it('keeps same-site paths only', () => {
    expect(safeRedirect('/my-bookings?tab=1')).toBe('/my-bookings?tab=1');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'my-bookings', '', null]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });

  it('sends admins to /admin and others to the redirect or home', () => {
    expect(destinationAfterSignIn({ role: 'admin' }, '/payment')).toBe('/admin');
    expect(destinationAfterSignIn({ role: 'client' }, '/payment?booking_id=1')).toBe('/payment?booking_id=1');
    expect(destinationAfterSignIn({ role: 'client' }, '//evil.example')).toBe('/');
    expect(destinationAfterSignIn({ role: 'provider' }, null)).toBe('/');
  });
});
