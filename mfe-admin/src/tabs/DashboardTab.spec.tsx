import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate, i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse, testUser } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { admin, callsTo, mockApi, pending, stats, usersPage } from '../testing/fixtures';
import { LANGUAGES, plainText, renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => signIn(null));

const recent = [
  testUser({
    id: 'u1',
    firstName: 'Layla',
    lastName: 'Saeed',
    email: 'layla@example.com',
    createdAt: '2026-11-20T09:00:00.000Z',
  }),
  testUser({
    id: 'u2',
    firstName: 'Khalid',
    lastName: 'Omar',
    email: 'khalid@example.com',
    role: 'provider',
  }),
  testUser({ id: 'u3', firstName: '', lastName: '', email: 'noname@example.com' }),
  testUser({ id: 'u4', firstName: 'Huda', lastName: 'Ali', email: 'huda@example.com' }),
  admin,
];

function api(statsAnswer = () => fakeResponse(200, stats)) {
  return mockApi((url) => {
    if (url.pathname === '/api/admin/stats') return statsAnswer();
    if (url.pathname === '/api/admin/pending-approvals') return fakeResponse(200, pending());
    if (url.pathname === '/api/admin/users') return fakeResponse(200, usersPage(recent, 40, 1, 5));
    return undefined;
  });
}

describe.each(LANGUAGES)('Dashboard tab in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('shows the four figures of spec §3 with digits and money of the language', async () => {
    api();
    renderAdmin('/admin?tab=dashboard');
    const list = (await screen.findByText(tr('dashboard.totalUsers'))).closest('dl')!;
    const value = (label: string) => plainText(within(list).getByText(label).nextElementSibling!);
    expect(value(tr('dashboard.totalUsers'))).toBe('1,234');
    expect(value(tr('dashboard.activeProviders'))).toBe('56');
    expect(value(tr('dashboard.completedBookings'))).toBe('789');
    // Arabic keeps Latin digits and the "$" prefix (spec §9), with the language's grouping.
    expect(value(tr('dashboard.revenue'))).toBe('$12,345.50');
  });

  it('charts bookings and revenue of the last 30 days, with a table of the same figures', async () => {
    api();
    renderAdmin('/admin');
    const section = await screen.findByRole('region', { name: tr('dashboard.chartTitle') });
    await waitFor(() => expect(within(section).getAllByRole('table')).toHaveLength(2));
    const [bookingsTable, revenueTable] = within(section).getAllByRole('table');
    // 30 days, one row each, plus the header row.
    expect(within(bookingsTable!).getAllByRole('row')).toHaveLength(31);
    const oct4 = within(revenueTable!).getAllByRole('row')[4]!;
    expect(plainText(oct4)).toContain('$120');
  });

  it('a month without bookings says so instead of drawing empty bars', async () => {
    api(() =>
      fakeResponse(200, {
        ...stats,
        series: stats.series.map((d) => ({ ...d, bookings: 0, revenue: '0.00' })),
      }),
    );
    renderAdmin('/admin');
    const section = await screen.findByRole('region', { name: tr('dashboard.chartTitle') });
    await waitFor(() =>
      expect(within(section).getAllByText(tr('dashboard.noActivity'))).toHaveLength(2),
    );
  });

  it('lists the 5 most recent users (limit=5), by name or e-mail, with role and join date', async () => {
    const fetch = api();
    renderAdmin('/admin');
    const section = await screen.findByRole('region', { name: tr('dashboard.recentUsers') });
    const rows = await within(section).findAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Layla Saeed');
    expect(rows[0]).toHaveTextContent('layla@example.com');
    expect(rows[1]).toHaveTextContent(tr('roles.provider'));
    expect(rows[2]).toHaveTextContent('noname@example.com');
    const joined = rows[0]!.querySelector('time')!;
    expect(joined).toHaveAttribute('datetime', '2026-11-20T09:00:00.000Z');
    expect(joined).toHaveTextContent(formatDate('2026-11-20T09:00:00.000Z', language, { dateStyle: 'medium', hijri: language === 'ar' }));
    const query = callsTo(fetch, '/api/admin/users')[0]!.query;
    expect(query.get('limit')).toBe('5');
    expect(query.get('page')).toBe('1');
    expect(
      within(section).getByRole('link', { name: tr('dashboard.seeAllUsers') }),
    ).toHaveAttribute('href', '/admin?tab=users');
  });

  it('a failed stats call shows the error with a Retry that asks again', async () => {
    let calls = 0;
    api(() => (++calls === 1 ? fakeResponse(500, 'boom') : fakeResponse(200, stats)));
    renderAdmin('/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(tr('states.error'));
    fireEvent.click(within(alert).getByRole('button', { name: tr('states.retry') }));
    expect(await screen.findByText(tr('dashboard.totalUsers'))).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
