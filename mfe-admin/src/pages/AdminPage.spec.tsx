import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n, initI18n, isolate } from '@khidma/web-kit';
import { fakeResponse, testUser } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import {
  admin,
  categories,
  mockApi,
  paged,
  pending,
  stats,
  usersPage,
  type FetchMock,
} from '../testing/fixtures';
import { LANGUAGES, renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
afterEach(() => signIn(null));

const adminCalls = (fetch: FetchMock) =>
  fetch.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/admin'));

/** Every admin route answering, so any tab can open. */
function api() {
  return mockApi((url) => {
    switch (url.pathname) {
      case '/api/admin/stats':
        return fakeResponse(200, stats);
      case '/api/admin/pending-approvals':
        return fakeResponse(200, pending());
      case '/api/admin/users':
        return fakeResponse(200, usersPage([admin, testUser()]));
      case '/api/admin/providers':
      case '/api/admin/services':
      case '/api/admin/bookings':
        return fakeResponse(200, paged([]));
      case '/api/service-categories':
        return fakeResponse(200, categories);
      default:
        return undefined;
    }
  });
}

describe.each(LANGUAGES)('Admin page in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('asks a signed-out visitor to log in as admin, and shows nothing of the panel nor asks the API', async () => {
    const fetch = api();
    signIn(null);
    renderAdmin('/admin?tab=users');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: tr('admin.signInTitle') }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent(tr('admin.signInText'));
    expect(within(alert).getByRole('link', { name: tr('admin.signIn') })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fadmin',
    );
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(adminCalls(fetch)).toEqual([]);
  });

  it('tells a signed-in non-admin the panel is for admins only, without any content', async () => {
    const fetch = api();
    signIn(testUser({ role: 'provider' }));
    renderAdmin('/admin?tab=pending');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: tr('admin.forbiddenTitle') }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent(tr('admin.forbiddenText'));
    expect(within(alert).getByRole('link', { name: tr('admin.home') })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(adminCalls(fetch)).toEqual([]);
  });

  it('welcomes the admin by name and opens the dashboard by default, with the pending count in the tab label', async () => {
    api();
    signIn(admin);
    renderAdmin('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: tr('admin.title') }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(tr('admin.welcome', { name: isolate('Mona Haddad') })),
    ).toBeInTheDocument();
    await screen.findByRole('tab', { name: tr('tabs.pendingCount', { count: '3' }) });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      tr('tabs.dashboard'),
      tr('tabs.pendingCount', { count: '3' }),
      tr('tabs.users'),
      tr('tabs.providers'),
      tr('tabs.services'),
      tr('tabs.bookings'),
      tr('tabs.reported'),
      tr('tabs.reviews'),
      tr('tabs.disputes'),
      tr('tabs.promos'),
      tr('tabs.audit'),
    ]);
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(tr('tabs.dashboard'));
    expect(await screen.findByText(tr('dashboard.totalUsers'))).toBeInTheDocument();
  });

  it('opens the tab named by ?tab= and keeps the chosen tab in the URL', async () => {
    api();
    signIn(admin);
    const router = renderAdmin('/admin?tab=pending');
    expect(
      await screen.findByRole('heading', { name: new RegExp(tr('pending.providersTitle')) }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: tr('tabs.bookings') }));
    await waitFor(() => expect(router.url).toBe('/admin?tab=bookings'));
    expect(await screen.findByRole('region', { name: tr('tabs.bookings') })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: tr('tabs.dashboard') }));
    await waitFor(() => expect(router.url).toBe('/admin'));
  });

  it('an unknown ?tab= shows the dashboard', async () => {
    api();
    signIn(admin);
    renderAdmin('/admin?tab=secrets');
    expect(await screen.findByText(tr('dashboard.totalUsers'))).toBeInTheDocument();
  });

  it('moves between tabs with the keyboard: arrows move focus (mirrored in Arabic), Enter opens', async () => {
    api();
    signIn(admin);
    const router = renderAdmin('/admin');
    const dashboard = await screen.findByRole('tab', { name: tr('tabs.dashboard') });
    await screen.findByRole('tab', { name: tr('tabs.pendingCount', { count: '3' }) });
    // Reading order: the next tab is to the right in English and to the left in Arabic.
    const next = language === 'ar' ? 'ArrowLeft' : 'ArrowRight';
    const press = (code: string) =>
      fireEvent.keyDown(document.activeElement ?? document.body, { code, key: code });
    act(() => dashboard.focus());
    press(next);
    await waitFor(() =>
      expect(document.activeElement).toHaveTextContent(tr('tabs.pendingCount', { count: '3' })),
    );
    press('Enter');
    await waitFor(() => expect(router.url).toBe('/admin?tab=pending'));
    press('End');
    await waitFor(() => expect(document.activeElement).toHaveTextContent(tr('tabs.audit')));
    press('Enter');
    await waitFor(() => expect(router.url).toBe('/admin?tab=audit'));
  });
});
