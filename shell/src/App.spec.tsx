import { screen } from '@testing-library/react';
import { App } from './App';
import { renderAt, setupI18n } from './test-utils';

beforeAll(() => setupI18n('en'), 60_000);

it('shows the 404 page with a link home for an unknown path', async () => {
  renderAt(<App />, '/no-such-page');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  // The frame stays around it: landmarks and the skip link.
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
});
