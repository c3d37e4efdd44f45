import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { SEARCH_DEBOUNCE_MS } from '../components/SearchBox';
import {
  admin,
  booking,
  callsTo,
  mockApi,
  paged,
  pending,
  providerRow,
  serviceRow,
  type FetchMock,
} from '../testing/fixtures';
import { LANGUAGES, loadedRows, plainText, renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => {
  signIn(null);
  jest.useRealTimers();
});

function api() {
  return mockApi((url) => {
    switch (url.pathname) {
      case '/api/admin/pending-approvals':
        return fakeResponse(200, pending());
      case '/api/admin/providers':
        return fakeResponse(
          200,
          paged(
            [
              providerRow(),
              providerRow({
                id: 'prov-2',
                businessName: 'New Co',
                businessNameAr: '',
                city: 'Irbid',
                cityAr: '',
                status: 'pending',
                verified: false,
                rating: null,
                completedJobs: 0,
              }),
            ],
            2,
          ),
        );
      case '/api/admin/services':
        return fakeResponse(
          200,
          paged(
            [
              serviceRow(),
              serviceRow({
                id: 'svc-2',
                title: 'Tap Fix',
                titleAr: '',
                price: 40,
                priceType: 'hourly',
                status: 'rejected',
              }),
            ],
            2,
          ),
        );
      case '/api/admin/bookings': {
        const status = url.searchParams.get('status');
        const all = [
          booking(),
          booking({
            id: 'bk-2',
            bookingNumber: 'KH-AAAA-BBBB',
            status: 'cancelled',
            paymentStatus: 'refunded',
            clientName: 'Ali',
          }),
        ];
        const items = status ? all.filter((b) => b.status === status) : all;
        return fakeResponse(200, paged(items, items.length));
      }
      default:
        return undefined;
    }
  });
}

/** Types `text` in the tab's search box and lets the debounce pass. */
async function search(fetch: FetchMock, path: string, text: string) {
  jest.useFakeTimers();
  fireEvent.change(screen.getByRole('searchbox', { name: tr('list.search') }), {
    target: { value: text },
  });
  act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
  jest.useRealTimers();
  await waitFor(() => expect(callsTo(fetch, path).at(-1)?.query.get('search')).toBe(text));
}

/** An open antd Select's option by its text. */
const optionText = (text: string) => (_: string, element: Element | null) =>
  Boolean(
    element?.classList.contains('ant-select-item-option-content') && element.textContent === text,
  );

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map(plainText);

describe.each(LANGUAGES)('Providers, Services and Bookings tabs in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('providers: business (in the language), city, status, rating and jobs; search asks the server', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=providers');
    const table = await screen.findByRole('region', { name: tr('tabs.providers') });
    const [first, second] = await loadedRows(table);
    expect(cells(first!)).toEqual([
      language === 'ar' ? 'البداية المنعشة للتنظيف' : 'Fresh Start Cleaning',
      language === 'ar' ? 'جدة' : 'Jeddah',
      tr('providerStatuses.approved'),
      ' 4.7',
      '1,520',
    ]);
    expect(within(first!).getByRole('img', { name: tr('providers.verified') })).toBeInTheDocument();
    // No Arabic name or city: the English ones; no reviews yet: said in words.
    expect(cells(second!)[0]).toBe('New Co');
    expect(cells(second!)[1]).toBe('Irbid');
    expect(cells(second!)[3]).toBe(tr('providers.noRating'));
    expect(callsTo(fetch, '/api/admin/providers')[0]!.query.toString()).toBe('page=1&limit=20');
    await search(fetch, '/api/admin/providers', 'fresh');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: tr('list.status') }));
    fireEvent.click(await screen.findByText(optionText(tr('providerStatuses.pending'))));
    await waitFor(() =>
      expect(callsTo(fetch, '/api/admin/providers').at(-1)?.query.toString()).toBe(
        'search=fresh&status=pending&page=1&limit=20',
      ),
    );
  });

  it('services: title in the language, provider, price with its unit, status; search asks the server', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=services');
    const table = await screen.findByRole('region', { name: tr('tabs.services') });
    const [first, second] = await loadedRows(table);
    expect(cells(first!)).toEqual([
      language === 'ar' ? 'تنظيف عميق' : 'Deep Cleaning',
      'Fresh Start Cleaning',
      tr('priceTypes.per_job', { price: '$1,250' }).replace(/[\u2066-\u2069]/g, ''),
      tr('serviceStatuses.active'),
    ]);
    expect(cells(second!)[0]).toBe('Tap Fix');
    expect(cells(second!)[3]).toBe(tr('serviceStatuses.rejected'));
    await search(fetch, '/api/admin/services', 'clean');
  });

  it('bookings: number, client, provider, date and time, status, payment, total; status filter and search ask the server', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=bookings');
    const table = await screen.findByRole('region', { name: tr('tabs.bookings') });
    const [first] = await loadedRows(table);
    const row = cells(first!);
    expect(row[0]).toBe('KH-7Q4M-2XPA');
    expect(row[1]).toBe('Sara Khalil');
    expect(row[2]).toBe(language === 'ar' ? 'البداية المنعشة للتنظيف' : 'Fresh Start Cleaning');
    // The booked local date and time as booked, not moved by the browser's time zone.
    expect(row[3]).toContain(language === 'ar' ? '2:00' : '2:00 PM');
    expect(row[3]).toContain('2026');
    expect(row.slice(4)).toEqual([
      tr('bookingStatuses.accepted'),
      tr('paymentStatuses.paid'),
      '$1,250',
    ]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: tr('list.status') }));
    const option = await screen.findByText((_, el) =>
      Boolean(
        el?.classList.contains('ant-select-item-option-content') &&
        el.textContent === tr('bookingStatuses.cancelled'),
      ),
    );
    fireEvent.click(option);
    await waitFor(() =>
      expect(callsTo(fetch, '/api/admin/bookings').at(-1)?.query.toString()).toBe(
        'status=cancelled&page=1&limit=20',
      ),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('KH-AAAA-BBBB')).toBeInTheDocument();
    await search(fetch, '/api/admin/bookings', 'KH-AAAA');
    expect(callsTo(fetch, '/api/admin/bookings').at(-1)?.query.get('status')).toBe('cancelled');
  });

  it('a failed list shows the error with Retry', async () => {
    let calls = 0;
    mockApi((url) => {
      if (url.pathname === '/api/admin/providers')
        return ++calls === 1
          ? fakeResponse(503, 'down')
          : fakeResponse(200, paged([providerRow()]));
      if (url.pathname === '/api/admin/pending-approvals') return fakeResponse(200, pending());
      return undefined;
    });
    renderAdmin('/admin?tab=providers');
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: tr('states.retry') }));
    expect(
      await screen.findByText(
        language === 'ar' ? 'البداية المنعشة للتنظيف' : 'Fresh Start Cleaning',
      ),
    ).toBeInTheDocument();
  });
});
