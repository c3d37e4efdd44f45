import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@khidma/web-kit';
import { App } from './App';
import { renderAt, sessionFor, setupI18n } from './test-utils';

beforeAll(() => setupI18n('en'), 60_000);

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
  expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');

  await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
  expect(useSession.getState().status).toBe('anonymous');
  expect(await screen.findByRole('heading', { level: 1, name: 'Book trusted local professionals in minutes' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
}, 30_000);
