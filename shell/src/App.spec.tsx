import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@khidma/web-kit';
import { App } from './App';
import { fakeResponse, setSignedIn } from '@khidma/web-kit/testing';
import { mockApi, quietNotificationSync, renderAt, sessionFor, setupI18n, Where } from './test-utils';

const SLOW = { timeout: 15_000 };

beforeAll(() => setupI18n('en'), 60_000);
// A signed-in frame syncs its notifications, which no test here fakes.
quietNotificationSync();

it('shows the 404 page with a link home for an unknown path', async () => {
  globalThis.fetch = (() => new Promise(() => undefined)) as typeof fetch; // landing categories stay loading
  renderAt(<App />, '/no-such-page');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  // The frame stays around it: landmarks and the skip link.
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
});

it('shows the account menu when signed in, and Logout signs out and returns home', async () => {
  useSession.getState().signIn(sessionFor('provider'));
  renderAt(<App />, '/profile');
  expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Mona Ali' }, { timeout: 15_000 }));
  expect(await screen.findByRole('link', { name: 'Provider Dashboard' })).toHaveAttribute('href', '/provider-dashboard');
  expect(screen.getByRole('link', { name: 'My Bookings' })).toHaveAttribute('href', '/my-bookings');
  expect(screen.getByRole('link', { name: 'Favourites' })).toHaveAttribute('href', '/favourites');
  expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');

  await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
  expect(useSession.getState().status).toBe('anonymous');
  expect(await screen.findByRole('heading', { level: 1, name: 'Book trusted local professionals in minutes' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
}, 30_000);

it('navigates from anywhere on an account menu row, not only from its text', async () => {
  useSession.getState().signIn(sessionFor('client'));
  renderAt(
    <>
      <App />
      <Where />
    </>,
    '/profile',
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Account menu for Mona Ali' }, SLOW));
  // The row itself (its padding), not the link inside it.
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Favourites' }));
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/favourites$/));
}, 30_000);

describe('sign-in and role rules', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/auth/google/config': fakeResponse(200, { enabled: true }) });
  });

  it('sends a signed-out visitor of /profile to /login with the way back', async () => {
    setSignedIn(null);
    renderAt(
      <>
        <App />
        <Where />
      </>,
      '/profile',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/login?redirect=%2Fprofile');
  }, 30_000);

  it('waits for the session restore before deciding', async () => {
    useSession.setState({ status: 'loading', accessToken: null, user: null });
    renderAt(
      <>
        <App />
        <Where />
      </>,
      '/profile',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/profile');
    act(() => useSession.getState().signIn(sessionFor('client')));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' }, SLOW)).toBeInTheDocument();
  }, 30_000);

  it('sends a client who opens /admin home with an "Admins only" toast', async () => {
    useSession.getState().signIn(sessionFor('client'));
    renderAt(
      <>
        <App />
        <Where />
      </>,
      '/admin',
    );
    expect(await screen.findByText('Admins only: that page is for administrators.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  }, 30_000);

  it('sends an admin to /admin from other pages, with Admin Panel in the account menu', async () => {
    useSession.getState().signIn(sessionFor('admin'));
    renderAt(
      <>
        <App />
        <Where />
      </>,
      '/services',
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin$/));
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for Mona Ali/ }, SLOW));
    expect(await screen.findByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('link', { name: 'Become a Provider' })).not.toBeInTheDocument();
  }, 30_000);

  it('offers a client Become a Provider in the account menu', async () => {
    useSession.getState().signIn(sessionFor('client'));
    renderAt(<App />, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for Mona Ali/ }, SLOW));
    expect(await screen.findByRole('menuitem', { name: 'Become a Provider' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).not.toBeInTheDocument();
  }, 30_000);
});

describe('/profile', () => {
  it('shows name, e-mail, verification, role and member since; resends the verification e-mail', async () => {
    const api = mockApi({ 'POST /api/auth/verify-email/resend': fakeResponse(202, { message: 'ok' }) });
    useSession.getState().signIn(sessionFor('client', { emailVerified: false }));
    renderAt(<App />, '/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' }, SLOW)).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'Account details' }));
    for (const text of ['Mona Ali', 'client@example.com', 'Not verified', 'Client', 'March 1, 2025']) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    await userEvent.click(card.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await screen.findByText('Verification e-mail sent', {}, SLOW)).toBeInTheDocument();
    const call = api.mock.calls.find(([url]) => String(url) === '/api/auth/verify-email/resend');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-client');
  }, 30_000);

  it('signs out and returns home', async () => {
    mockApi({ 'POST /api/auth/logout': fakeResponse(204) });
    useSession.getState().signIn(sessionFor('client'));
    renderAt(<App />, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }, SLOW));
    expect(useSession.getState().status).toBe('anonymous');
    expect(await screen.findByRole('heading', { level: 1, name: 'Book trusted local professionals in minutes' }, SLOW)).toBeInTheDocument();
  }, 30_000);
});
