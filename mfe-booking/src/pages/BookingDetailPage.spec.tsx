import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { availability, booking, callsTo, mockApi, type Call } from '../testing/fixtures';
import { plainText, renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));

const noActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };

function api(current = booking(), extra: (call: Call) => Response | undefined = () => undefined) {
  return mockApi((call) => (call.url.pathname === `/api/bookings/${current.id}` && call.method === 'GET' ? fakeResponse(200, current) : extra(call)));
}

describe('Booking detail', () => {
  it('shows every field of spec §2 from the server', async () => {
    signIn();
    api();
    renderBooking('/my-bookings/bk-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Bookings' })).toHaveAttribute('href', '/my-bookings');
    expect(screen.getByText('Booking KH-7Q4M-2XPA')).toBeInTheDocument();
    const appointment = screen.getByRole('region', { name: 'Appointment' });
    expect(appointment).toHaveTextContent('Tuesday, November 24, 2026 at 10:00 AM');
    expect(appointment).toHaveTextContent('120 minutes');
    expect(appointment).toHaveTextContent('12 Rainbow St, Amman');
    expect(appointment).toHaveTextContent('+962 79 555 0101');
    expect(appointment).toHaveTextContent('Ring twice');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(plainText(payment)).toContain('$50.00');
    expect(payment).toHaveTextContent('Payment pending');
    const provider = screen.getByRole('region', { name: 'Provider' });
    expect(provider).toHaveTextContent('S');
    expect(within(provider).getByText('Sparkle Co')).toBeInTheDocument();
    expect(within(provider).getByRole('link', { name: 'hello@sparkle.test' })).toHaveAttribute('href', 'mailto:hello@sparkle.test');
    expect(within(provider).getByRole('link', { name: '+962 7 9000 1111' })).toHaveAttribute('href', 'tel:+962790001111');
  });

  it('offers only the actions the server allows; Contact Provider and Pay now lead on', async () => {
    signIn();
    api();
    const router = renderBooking('/my-bookings/bk-1');
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Cancel Booking' })).toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    fireEvent.click(within(actions).getByRole('button', { name: 'Contact Provider' }));
    expect(router.url).toBe('/chat?provider=prov-1&booking=bk-1');
  });

  it('Pay now goes to the payment page of this booking', async () => {
    signIn();
    api();
    const router = renderBooking('/my-bookings/bk-1');
    fireEvent.click(await screen.findByRole('button', { name: /^Pay now/ }));
    expect(router.url).toBe('/payment?booking_id=bk-1&amount=50.00&service=Standard+Home+Cleaning');
    expect(await screen.findByRole('region', { name: 'Order summary' })).toBeInTheDocument();
  });

  it('a completed booking has no actions and a cancelled one shows its reason', async () => {
    signIn();
    api(booking({ status: 'cancelled', paymentStatus: 'refunded', cancellationReason: 'Plans changed, sorry', actions: noActions }));
    renderBooking('/my-bookings/bk-1');
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).queryAllByRole('button')).toHaveLength(0);
    expect(actions).toHaveTextContent('Nothing more to do for this booking.');
    expect(screen.getByRole('region', { name: 'Appointment' })).toHaveTextContent('Plans changed, sorry');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Refunded');
  });

  it('404 shows Booking Not Found with a way back, without a second try', async () => {
    signIn();
    const calls = mockApi(() => undefined);
    renderBooking('/my-bookings/nope');
    expect(await screen.findByRole('heading', { name: 'Booking Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This booking could not be found, or you do not have permission to view it.')).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/nope')).toHaveLength(1);
  });

  it('a failed fetch is retried once (spec §7)', async () => {
    signIn();
    let answers = 0;
    const calls = mockApi((call) => {
      if (call.url.pathname !== '/api/bookings/bk-1') return undefined;
      answers += 1;
      return answers === 1 ? fakeResponse(503, 'down') : fakeResponse(200, booking());
    });
    renderBooking('/my-bookings/bk-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Standard Home Cleaning' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/bk-1')).toHaveLength(2);
  });

  it('two failures say Failed to load booking details', async () => {
    signIn();
    const calls = mockApi((call) => (call.url.pathname === '/api/bookings/bk-1' ? fakeResponse(500, 'boom') : undefined));
    renderBooking('/my-bookings/bk-1');
    expect(await screen.findByText('Failed to load booking details')).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/bk-1')).toHaveLength(2);
  });

  it('cancel with a short reason: the Invalid reason toast and no request; a good reason cancels', async () => {
    signIn();
    const calls = api(booking(), (call) =>
      call.url.pathname === '/api/bookings/bk-1/cancel'
        ? fakeResponse(200, { ...booking({ status: 'cancelled', cancellationReason: 'Travelling that week', actions: noActions }), refund: null })
        : undefined,
    );
    renderBooking('/my-bookings/bk-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking' });
    fireEvent.change(within(dialog).getByLabelText('Reason for cancellation'), { target: { value: 'short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    expect(
      await screen.findByText('Invalid reason: Please provide a detailed reason for cancellation (at least 10 characters)'),
    ).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/bk-1/cancel', 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason for cancellation'), { target: { value: 'Travelling that week' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    expect(await screen.findByText('Booking Cancelled - Your booking has been cancelled successfully')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled', { selector: '.kb-badge' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Appointment' })).toHaveTextContent('Travelling that week');
  });

  it('reschedule picks a free slot of another day (its own slot counts as free) and shows the new time', async () => {
    signIn();
    const calls = api(booking(), (call) => {
      if (call.url.pathname === '/api/bookings/availability') return fakeResponse(200, availability(call.url.searchParams.get('date')!, ['09:00']));
      if (call.url.pathname === '/api/bookings/bk-1/reschedule') {
        const body = call.body as { scheduledDate: string; scheduledTime: string };
        return fakeResponse(200, booking({ scheduledDate: body.scheduledDate, scheduledTime: body.scheduledTime }));
      }
      return undefined;
    });
    renderBooking('/my-bookings/bk-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule booking' });
    expect(await within(dialog).findByRole('radio', { name: '10:00 AM' })).toBeInTheDocument();
    expect(Object.fromEntries(callsTo(calls, '/api/bookings/availability')[0]!.url.searchParams)).toEqual({
      serviceId: 'svc-1',
      date: '2026-11-24',
      duration: '120',
      excludeBookingId: 'bk-1',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new time' }));
    expect(await within(dialog).findByText('Please select a time')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Date', { exact: false }), { target: { value: '2026-11-25' } });
    await waitFor(() => expect(callsTo(calls, '/api/bookings/availability').at(-1)!.url.searchParams.get('date')).toBe('2026-11-25'));
    fireEvent.click(await within(dialog).findByRole('radio', { name: '2:00 PM' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm new time' }));

    expect(await screen.findByText('Booking rescheduled to Wednesday, November 25, 2026 at 2:00 PM')).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/bk-1/reschedule', 'POST')[0]!.body).toEqual({ scheduledDate: '2026-11-25', scheduledTime: '14:00' });
    expect(screen.getByRole('region', { name: 'Appointment' })).toHaveTextContent('Wednesday, November 25, 2026 at 2:00 PM');
  });

  it("a per-job booking's free times are asked without a duration (the listing decides it)", async () => {
    signIn();
    const perJob = booking({ duration: 90, service: { ...booking().service, priceType: 'per_job' } });
    const calls = api(perJob, (call) =>
      call.url.pathname === '/api/bookings/availability' ? fakeResponse(200, availability(call.url.searchParams.get('date')!)) : undefined,
    );
    renderBooking('/my-bookings/bk-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await within(await screen.findByRole('dialog', { name: 'Reschedule booking' })).findByRole('radio', { name: '10:00 AM' });
    expect(callsTo(calls, '/api/bookings/availability')[0]!.url.searchParams.has('duration')).toBe(false);
  });
});

describe('Booking detail in Arabic', () => {
  beforeEach(() => i18n.changeLanguage('ar'));

  it('shows the booking and Booking Not Found in Arabic', async () => {
    signIn();
    api();
    renderBooking('/my-bookings/bk-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'تنظيف منزلي اعتيادي' })).toBeInTheDocument();
    // Arabic shows the Hijri (Umm al-Qura) date by default, each calendar isolated.
    expect(screen.getByRole('region', { name: 'الموعد' })).toHaveTextContent(
      'الثلاثاء، 24 نوفمبر 2026\u2069 · \u206814 جمادى الآخرة 1448 هـ\u2069 الساعة 10:00 ص',
    );
    expect(screen.getByRole('button', { name: 'التواصل مع مقدم الخدمة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى حجوزاتي' })).toHaveAttribute('href', '/my-bookings');
  });

  it('Booking Not Found in Arabic', async () => {
    signIn();
    mockApi(() => undefined);
    renderBooking('/my-bookings/nope');
    expect(await screen.findByRole('heading', { name: 'الحجز غير موجود' })).toBeInTheDocument();
  });
});
