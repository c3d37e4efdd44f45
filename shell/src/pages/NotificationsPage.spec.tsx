import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationDto } from '@khidma/contracts';
import { i18n, useSession } from '@khidma/web-kit';
import { fakeResponse, setSignedIn } from '@khidma/web-kit/testing';
import { App } from '../App';
import { mockApi, notificationList, quietNotificationSync, renderAt, sessionFor, setupI18n, Where } from '../test-utils';
import NotificationsPage from './NotificationsPage';

const HOUR = 3_600_000;
/** Notification n was created n hours ago; every third one is unread. */
const note = (n: number, over: Partial<NotificationDto> = {}): NotificationDto => ({
  id: `n${n}`,
  type: 'booking',
  title: `Update ${n}`,
  message: `Message ${n}`,
  isRead: n % 3 !== 0,
  createdAt: new Date(Date.now() - n * HOUR).toISOString(),
  metadata: { bookingId: `b${n}` },
  ...over,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => note(from + i));
const FIRST = 'GET /api/notifications?limit=20';
const rows = () => within(screen.getByRole('list')).getAllByRole('listitem');

function renderPage() {
  useSession.getState().signIn(sessionFor('client'));
  return renderAt(<NotificationsPage />, '/notifications');
}

quietNotificationSync();

describe('in English', () => {
  beforeAll(() => setupI18n('en'), 60_000);

  it('lists every notification and pages back with `before` until the last page', async () => {
    const api = mockApi({ [FIRST]: notificationList(range(1, 20), 8), 'GET /api/notifications?limit=20&before=n20': notificationList(range(21, 25), 8) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(rows()[0]).toHaveTextContent('Update 1');
    expect(rows()[0]).toHaveTextContent('1 hour ago');

    await userEvent.click(screen.getByRole('button', { name: 'Load older notifications' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(rows()[24]).toHaveTextContent('Update 25');
    expect(api.mock.calls.some(([url]) => String(url) === '/api/notifications?limit=20&before=n20')).toBe(true);
    // A short page was the last one.
    expect(screen.queryByRole('button', { name: 'Load older notifications' })).not.toBeInTheDocument();
  });

  it('filters to unread, marks one read from its row, then all', async () => {
    const api = mockApi({
      [FIRST]: notificationList(range(1, 6), 2),
      'POST /api/notifications/n3/read': fakeResponse(200, { unreadCount: 1 }),
      'POST /api/notifications/read-all': fakeResponse(200, { unreadCount: 0 }),
    });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(6));
    const filter = within(screen.getByRole('group', { name: 'Show' }));
    expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(filter.getByRole('button', { name: 'Unread' }));
    expect(filter.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual([
      expect.stringContaining('Update 3'),
      expect.stringContaining('Update 6'),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Mark as read: Update 3' }));
    expect(rows()).toHaveLength(1);
    expect(api.mock.calls.some(([url, init]) => String(url) === '/api/notifications/n3/read' && init?.method === 'POST')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You have no unread notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await userEvent.click(filter.getByRole('button', { name: 'All' }));
    expect(rows()).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
  });

  it('says when there are none, also when the list fails (spec §8)', async () => {
    mockApi({ [FIRST]: fakeResponse(503, 'down') });
    renderPage();
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('is a members-only route of the app, with the bell in the header', async () => {
    mockApi({ [FIRST]: notificationList([note(3)], 1), 'GET /api/auth/google/config': fakeResponse(200, { enabled: false }) });
    setSignedIn(null);
    const view = renderAt(
      <>
        <App />
        <Where />
      </>,
      '/notifications',
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login?redirect=%2Fnotifications'));
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    view.unmount();

    useSession.getState().signIn(sessionFor('client'));
    renderAt(<App />, '/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' }, { timeout: 15_000 })).toBeInTheDocument();
  }, 30_000);
});

describe('in Arabic', () => {
  beforeAll(() => setupI18n('ar'), 60_000);
  afterAll(() => i18n.changeLanguage('en'));

  it('shows the page, filters and times in Arabic', async () => {
    mockApi({ [FIRST]: notificationList([note(3, { title: 'تم قبول حجزك' }), note(4)], 1) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'الإشعارات' })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('غير مقروء: تم قبول حجزك');
    expect(rows()[0]).toHaveTextContent('قبل 3 ساعات');
    const filter = within(screen.getByRole('group', { name: 'عرض' }));
    await userEvent.click(filter.getByRole('button', { name: 'غير المقروءة' }));
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'تعليم كمقروء: تم قبول حجزك' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تعليم الكل كمقروء' })).toBeEnabled();
  });

  it('shows each notice in the page\'s language, and switches with it; a notice with no translations as written', async () => {
    const translated = note(3, {
      title: 'Booking accepted',
      message: 'Nasser Home Maintenance accepted your booking KH-1.',
      translations: {
        en: { title: 'Booking accepted', message: 'Nasser Home Maintenance accepted your booking KH-1.' },
        ar: { title: 'تم قبول الحجز', message: 'قَبِل ناصر للصيانة المنزلية حجزك KH-1.' },
      },
    });
    mockApi({ [FIRST]: notificationList([translated, note(4, { title: 'Welcome' })], 1) });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('تم قبول الحجز');
    expect(rows()[0]).toHaveTextContent('قَبِل ناصر للصيانة المنزلية حجزك KH-1.');
    expect(rows()[0]).not.toHaveTextContent('Booking accepted');
    expect(screen.getByRole('button', { name: 'تعليم كمقروء: تم قبول الحجز' })).toBeInTheDocument();
    expect(rows()[1]).toHaveTextContent('Welcome');

    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Nasser Home Maintenance accepted your booking KH-1.'));
    expect(screen.getByRole('button', { name: 'Mark as read: Booking accepted' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ar'));
  });

  it('says when there are none', async () => {
    mockApi({ [FIRST]: notificationList([], 0) });
    renderPage();
    expect(await screen.findByText('لا توجد لديك إشعارات بعد.')).toBeInTheDocument();
  });
});
