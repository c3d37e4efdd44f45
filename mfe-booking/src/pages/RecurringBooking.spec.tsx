import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SeriesPreviewResponse } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { bookAgainUrl } from '../lib/bookingForm';
import { apiError, availability, booking, type Call, callsTo, mockApi, myBookingsPage, service, TUESDAY } from '../testing/fixtures';
import { renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));

const noActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };
const field = (name: string) => screen.getByLabelText(name, { exact: false });
const week = (date: string, weeks: number) => new Date(Date.parse(`${date}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

function catalogue(call: Call) {
  const { pathname, searchParams } = call.url;
  if (pathname === '/api/services/svc-1') return fakeResponse(200, service());
  if (pathname === '/api/bookings/availability') return fakeResponse(200, availability(searchParams.get('date')!, []));
  return undefined;
}

/** A weekly plan of 3 from TUESDAY 10:00 whose second date is taken, with two alternatives. */
const conflicted: SeriesPreviewResponse = {
  frequency: 'weekly',
  conflicts: 1,
  occurrences: [
    { index: 1, scheduledDate: TUESDAY, scheduledTime: '10:00', available: true, alternatives: [] },
    {
      index: 2,
      scheduledDate: week(TUESDAY, 1),
      scheduledTime: '10:00',
      available: false,
      reason: 'taken',
      alternatives: [
        { scheduledDate: week(TUESDAY, 1), scheduledTime: '11:00' },
        { scheduledDate: week(TUESDAY, 1), scheduledTime: '09:00' },
      ],
    },
    { index: 3, scheduledDate: week(TUESDAY, 2), scheduledTime: '10:00', available: true, alternatives: [] },
  ],
};

describe('Book again', () => {
  it('links a finished booking to the form with its service, time, hours, address, phone, name and notes, without a date', () => {
    const url = new URL(bookAgainUrl(booking({ status: 'completed', duration: 180 })), 'http://x');
    expect(url.pathname).toBe('/booking');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service: 'svc-1',
      serviceType: 'cleaning',
      time: '10:00',
      hours: '3',
      location: '12 Rainbow St, Amman',
      phone: '+962 79 555 0101',
      name: 'Sara Khalil',
      details: 'Ring twice',
    });
    // A per-job service takes the listing's duration: no hours in the link.
    const perJob = booking({ service: { ...booking().service, priceType: 'per_job' } });
    expect(new URL(bookAgainUrl(perJob), 'http://x').searchParams.has('hours')).toBe(false);
  });

  it('is a link on completed bookings in My Bookings (en and ar), and the form opens pre-filled', async () => {
    signIn();
    const completed = booking({ id: 'bk-3', status: 'completed', paymentStatus: 'paid', actions: noActions });
    mockApi((call) => (call.url.pathname === '/api/bookings/client/user-1' ? fakeResponse(200, myBookingsPage(call, [booking(), completed])) : catalogue(call)));
    const router = renderBooking('/my-bookings?tab=completed');
    const link = await screen.findByRole('link', { name: 'Book Standard Home Cleaning again' });
    expect(link).toHaveAttribute('href', bookAgainUrl(completed));
    fireEvent.click(link);
    await waitFor(() => expect(router.url.startsWith('/booking?')).toBe(true));
    expect(await screen.findByRole('region', { name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(field('Location')).toHaveValue('12 Rainbow St, Amman');
    expect(field('Phone number')).toHaveValue('+962 79 555 0101');
    expect(field('Additional details')).toHaveValue('Ring twice');
    expect(field('Duration')).toHaveValue('2');
    expect(field('Date')).toHaveValue('');

    // The booking form is still mounted: it re-renders in Arabic.
    await act(() => i18n.changeLanguage('ar'));
    renderBooking('/my-bookings?tab=completed');
    expect(await screen.findByRole('link', { name: 'احجز تنظيف منزلي اعتيادي مرة أخرى' })).toBeInTheDocument();
  });
});

describe('Recurring booking form', () => {
  const fill = async () => {
    fireEvent.click(await screen.findByRole('radio', { name: '10:00 AM' }));
    fireEvent.change(field('Phone number'), { target: { value: '+962 79 555 0101' } });
    fireEvent.change(field('How often'), { target: { value: 'weekly' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Number of bookings' }), { target: { value: '3' } });
  };

  it('shows a conflicting date with its alternatives, requires a choice, and books the series with it', async () => {
    signIn();
    const calls = mockApi((call) => {
      if (call.url.pathname === '/api/bookings/series/preview') return fakeResponse(200, conflicted);
      if (call.url.pathname === '/api/bookings/series/create') {
        return fakeResponse(201, { series: { id: 'ser-1', frequency: 'weekly', serviceId: 'svc-1', providerId: 'prov-1', clientId: 'user-1', size: 3, createdAt: '' }, bookings: [booking(), booking(), booking()], dropped: [] });
      }
      return catalogue(call);
    });
    const router = renderBooking(`/booking?service=svc-1&date=${TUESDAY}&location=12%20Rainbow%20St`);
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Book the series' }));

    // The plan lists all three dates, the taken one marked, never left out.
    const plan = await screen.findByRole('region', { name: 'Your plan: 3 dates' });
    expect(within(plan).getAllByRole('listitem')).toHaveLength(3);
    expect(within(plan).getAllByRole('listitem')[1]).toHaveTextContent('already booked');
    expect(callsTo(calls, '/api/bookings/series/preview', 'POST')[0]!.body).toMatchObject({ frequency: 'weekly', occurrences: 3, scheduledDate: TUESDAY, scheduledTime: '10:00' });
    expect(callsTo(calls, '/api/bookings/series/create', 'POST')).toHaveLength(0);

    // Submitting without a choice books nothing and says what is missing.
    fireEvent.click(await screen.findByRole('button', { name: 'Book the series' }));
    expect(await within(plan).findByRole('alert')).toHaveTextContent('Choose another time or skip');
    expect(callsTo(calls, '/api/bookings/series/create', 'POST')).toHaveLength(0);

    const conflict = within(plan).getByRole('group', { name: /Booking 2/ });
    const options = within(conflict).getAllByRole('radio');
    expect(options.map((o) => o.parentElement!.textContent)).toEqual([expect.stringContaining('11:00 AM'), expect.stringContaining('9:00 AM'), 'Skip this date']);
    fireEvent.click(options[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Book the series' }));

    await waitFor(() => expect(router.url).toBe('/my-bookings'));
    expect(callsTo(calls, '/api/bookings/series/create', 'POST')[0]!.body).toMatchObject({
      frequency: 'weekly',
      occurrences: 3,
      resolutions: [{ index: 2, action: 'move', scheduledDate: week(TUESDAY, 1), scheduledTime: '11:00' }],
    });
  });

  it('a plan without conflicts is booked at once; ending on a date sends `until`; a series_conflicts answer shows the plan again', async () => {
    signIn();
    let creates = 0;
    const calls = mockApi((call) => {
      if (call.url.pathname === '/api/bookings/series/preview') {
        return fakeResponse(200, creates === 0 ? { ...conflicted, conflicts: 0, occurrences: conflicted.occurrences.map((o) => ({ ...o, available: true, reason: undefined, alternatives: [] })) } : conflicted);
      }
      if (call.url.pathname === '/api/bookings/series/create') {
        creates++;
        return apiError(409, 'series_conflicts');
      }
      return catalogue(call);
    });
    renderBooking(`/booking?service=svc-1&date=${TUESDAY}&location=12%20Rainbow%20St`);
    await fill();
    fireEvent.click(screen.getByRole('radio', { name: 'On' }));
    fireEvent.change(screen.getByLabelText('Last date'), { target: { value: week(TUESDAY, 2) } });
    fireEvent.click(screen.getByRole('button', { name: 'Book the series' }));

    await waitFor(() => expect(callsTo(calls, '/api/bookings/series/create', 'POST')).toHaveLength(1));
    const sent = callsTo(calls, '/api/bookings/series/create', 'POST')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ frequency: 'weekly', until: week(TUESDAY, 2) });
    expect(sent).not.toHaveProperty('occurrences');
    // Nothing was booked: the fresh plan with its conflict is shown, with the reason.
    expect(await screen.findByRole('group', { name: /Booking 2/ })).toBeInTheDocument();
    expect((await screen.findAllByText(/Nothing was booked/)).length).toBeGreaterThan(0);
  });

  it('an end date not after the first date is refused before anything is sent (ar)', async () => {
    await i18n.changeLanguage('ar');
    signIn();
    const calls = mockApi((call) => catalogue(call));
    renderBooking(`/booking?service=svc-1&date=${TUESDAY}&location=12%20Rainbow%20St&phone=0795550101`);
    fireEvent.click(await screen.findByRole('radio', { name: '10:00 ص' }));
    fireEvent.change(field('كم مرة'), { target: { value: 'monthly' } });
    fireEvent.click(screen.getByRole('radio', { name: 'في' }));
    fireEvent.click(screen.getByRole('button', { name: 'احجز السلسلة' }));
    expect(await screen.findByText('اختر آخر موعد بعد تاريخ الحجز الأول.')).toHaveAttribute('role', 'alert');
    expect(callsTo(calls, '/api/bookings/series/preview', 'POST')).toHaveLength(0);
  });
});

describe('A series booking on its page', () => {
  const series = { id: 'ser-1', frequency: 'weekly' as const, index: 2, size: 4 };

  it('shows its place in the series and cancels it with the later ones, telling the refund', async () => {
    signIn();
    const current = booking({ series, actions: { ...noActions, cancel: true } });
    const calls = mockApi((call) => {
      if (call.url.pathname === '/api/bookings/bk-1' && call.method === 'GET') return fakeResponse(200, current);
      if (call.url.pathname === '/api/bookings/bk-1/cancel-following') {
        const cancelled = (id: string, index: number, refund: { amount: string; toCard: string; toCredit: string } | null) => ({
          ...booking({ id, series: { ...series, index }, status: 'cancelled', cancellationReason: 'Moving away next month', actions: noActions }),
          refund,
        });
        return fakeResponse(200, { cancelled: [cancelled('bk-1', 2, null), cancelled('bk-5', 3, { amount: '50.00', toCard: '50.00', toCredit: '0.00' }), cancelled('bk-6', 4, null)] });
      }
      return undefined;
    });
    renderBooking('/my-bookings/bk-1');
    expect(await screen.findByText('Weekly · 2 of 4')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel this and all later bookings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this and later bookings' });
    expect(dialog).toHaveTextContent('Earlier ones stay.');
    fireEvent.change(within(dialog).getByLabelText('Reason for cancellation'), { target: { value: 'Moving away next month' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    expect(await screen.findByText(/^Booking Cancelled - Bookings cancelled: 3\. A refund of \W*\$50(\.00)?\W* is on its way\.$/)).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/bk-1/cancel-following', 'POST')[0]!.body).toEqual({ cancellationReason: 'Moving away next month' });
    expect(callsTo(calls, '/api/bookings/bk-1/cancel', 'POST')).toHaveLength(0);
    expect(await screen.findByText('Cancelled', { selector: '.kb-badge' })).toBeInTheDocument();
  });

  it('a one-off booking has no "cancel later" action; a completed one offers Book again (ar)', async () => {
    await i18n.changeLanguage('ar');
    signIn();
    const completed = booking({ status: 'completed', paymentStatus: 'paid', actions: noActions });
    mockApi((call) => (call.url.pathname === '/api/bookings/bk-1' && call.method === 'GET' ? fakeResponse(200, completed) : undefined));
    renderBooking('/my-bookings/bk-1');
    const again = await screen.findByRole('link', { name: 'احجز مرة أخرى' });
    expect(again).toHaveAttribute('href', bookAgainUrl(completed));
    expect(screen.queryByRole('button', { name: 'إلغاء هذا الحجز وكل الحجوزات التالية' })).not.toBeInTheDocument();
  });
});
