import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { apiError, booking, callsTo, mockApi, myBookingsPage } from '../testing/fixtures';
import { plainText, renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));

const noActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };

const pending = booking();
const accepted = booking({
  id: 'bk-2',
  status: 'accepted',
  paymentStatus: 'paid',
  service: { ...booking().service, title: '', titleAr: '' },
  provider: { ...booking().provider, businessName: '', businessNameAr: '' },
  actions: { ...noActions, cancel: true },
});
const completed = booking({ id: 'bk-3', status: 'completed', paymentStatus: 'paid', actions: noActions });
const cancelled = booking({
  id: 'bk-4',
  status: 'cancelled',
  paymentStatus: 'refunded',
  cancellationReason: 'Plans changed, sorry',
  actions: noActions,
});

function api(bookings = [pending, accepted, completed, cancelled]) {
  return mockApi((call) => (call.url.pathname === '/api/bookings/client/user-1' ? fakeResponse(200, myBookingsPage(call, bookings)) : undefined));
}

const card = (name: string) => screen.findByRole('article', { name });

describe('My Bookings', () => {
  it('groups the bookings into tabs with counts; cards follow spec §2', async () => {
    signIn();
    const calls = api();
    renderBooking('/my-bookings');
    expect(await screen.findByRole('tab', { name: 'Upcoming (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/client/user-1')).toHaveLength(1);

    const first = await card('Standard Home Cleaning');
    expect(first).toHaveTextContent('Sparkle Co');
    expect(first).toHaveTextContent('Pending');
    expect(first).toHaveTextContent('Nov 24, 2026');
    expect(first).toHaveTextContent('10:00 AM');
    expect(first).toHaveTextContent('12 Rainbow St, Amman');
    expect(plainText(first)).toContain('$50.00');
    expect(first).toHaveTextContent('Payment pending');
    expect(within(first).getByRole('button', { name: 'Cancel Standard Home Cleaning' })).toBeInTheDocument();

    // Fallbacks; an accepted booking has no Cancel on the list even when the server would allow it.
    const second = await card('Service Booking');
    expect(second).toHaveTextContent('Provider');
    expect(second).toHaveTextContent('Accepted');
    expect(second).toHaveTextContent('Paid');
    expect(within(second).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Cancelled (1)' }));
    const gone = await card('Standard Home Cleaning');
    expect(gone).toHaveTextContent('Plans changed, sorry');
    expect(gone).toHaveTextContent('Refunded');
    // Time and address only on upcoming cards.
    expect(gone).not.toHaveTextContent('10:00 AM');
    expect(gone).not.toHaveTextContent('12 Rainbow St');
  });

  it("shows the service's photo as booked, beside the title, and nothing when it had none", async () => {
    signIn();
    const photo = '/api/services/svc-1/photos/3f1c0e2a-5b6d-8e7f-9a0b-1c2d3e4f5a6b';
    api([booking({ service: { ...booking().service, imageUrl: photo } }), accepted]);
    renderBooking('/my-bookings');
    const withPhoto = await card('Standard Home Cleaning');
    const image = withPhoto.querySelector('img.kb-card-photo');
    expect(image).toHaveAttribute('src', photo);
    // Decorative: the card is named by its title already.
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect((await card('Service Booking')).querySelector('img.kb-card-photo')).toBeNull();
  });

  it('empty tabs show the spec texts, Upcoming with Book a Service', async () => {
    signIn();
    api([]);
    renderBooking('/my-bookings');
    expect(await screen.findByRole('heading', { name: 'No Upcoming Bookings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a Service' })).toHaveAttribute('href', '/services');
    fireEvent.click(screen.getByRole('tab', { name: 'Completed (0)' }));
    expect(await screen.findByRole('heading', { name: 'No Completed Bookings' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Cancelled (0)' }));
    expect(await screen.findByRole('heading', { name: 'No Cancelled Bookings' })).toBeInTheDocument();
  });

  it('View Details opens a dialog with every field', async () => {
    signIn();
    api();
    renderBooking('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'View details of Standard Home Cleaning' }));
    const dialog = await screen.findByRole('dialog');
    const text = plainText(dialog);
    for (const expected of [
      'KH-7Q4M-2XPA',
      'Tuesday, November 24, 2026 at 10:00 AM',
      '120 minutes',
      '12 Rainbow St, Amman',
      '+962 79 555 0101',
      'Sparkle Co · Amman',
      'Ring twice',
      '$50.00',
      'Payment pending',
    ]) {
      expect(text).toContain(expected);
    }
    expect(within(dialog).getByRole('button', { name: 'Cancel Booking' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open booking page' })).toHaveAttribute('href', '/my-bookings/bk-1');
  });

  it('cancel: Confirm stays disabled until the reason has 10 characters; success refreshes and closes', async () => {
    signIn();
    let list = [pending];
    const calls = mockApi((call) => {
      if (call.url.pathname === '/api/bookings/client/user-1') return fakeResponse(200, myBookingsPage(call, list));
      if (call.url.pathname === '/api/bookings/bk-1/cancel') {
        list = [{ ...pending, status: 'cancelled', cancellationReason: 'Travelling that week', actions: noActions }];
        return fakeResponse(200, { ...list[0], refund: { amount: '50.00', toCard: '50.00', toCredit: '0.00' } });
      }
      return undefined;
    });
    renderBooking('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Standard Home Cleaning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Cancellation' });
    expect(confirm).toBeDisabled();
    const reason = within(dialog).getByLabelText('Reason for cancellation');
    fireEvent.change(reason, { target: { value: 'Too soon' } });
    expect(within(dialog).getByText('Reason must be at least 10 characters')).toHaveAttribute('role', 'alert');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toBeDisabled();
    fireEvent.change(reason, { target: { value: '  Travelling that week  ' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);

    expect(await screen.findByText(/^Booking Cancelled - Your booking has been cancelled successfully A refund of .*\$50\.00.* is on its way\.$/)).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/bk-1/cancel', 'POST')[0]!.body).toEqual({ cancellationReason: 'Travelling that week' });
    expect(await screen.findByRole('tab', { name: 'Cancelled (1)' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/client/user-1')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel booking' })).not.toBeInTheDocument());

    // Opening the dialog again starts with an empty reason.
    fireEvent.click(screen.getByRole('tab', { name: 'Cancelled (1)' }));
    expect(await card('Standard Home Cleaning')).toHaveTextContent('Travelling that week');
  });

  it('a refused cancel shows the server reason in the dialog', async () => {
    signIn();
    mockApi((call) => {
      if (call.url.pathname === '/api/bookings/client/user-1') return fakeResponse(200, myBookingsPage(call, [pending]));
      if (call.url.pathname === '/api/bookings/bk-1/cancel') return apiError(409, 'cancellation_too_late');
      return undefined;
    });
    renderBooking('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Standard Home Cleaning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking' });
    fireEvent.change(within(dialog).getByLabelText('Reason for cancellation'), { target: { value: 'Something came up' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Cancellation' }));
    expect(
      await within(dialog).findByText('Bookings can only be changed or cancelled more than 2 hours before they start.', { selector: '.ant-alert-title' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel booking' })).toBeInTheDocument();
  });

  it('shows the first 20 of a tab; Load more (by keyboard) appends the next page in order, then goes away', async () => {
    signIn();
    const many = Array.from({ length: 23 }, (_, i) => booking({ id: `bk-${i + 1}`, service: { ...booking().service, title: `Visit ${i + 1}` } }));
    const calls = mockApi((call) => (call.url.pathname === '/api/bookings/client/user-1' ? fakeResponse(200, myBookingsPage(call, [...many, completed])) : undefined));
    renderBooking('/my-bookings');
    expect(await screen.findByRole('tab', { name: 'Upcoming (23)' })).toBeInTheDocument();
    const titles = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading', { level: 3 }).textContent);
    expect(titles()).toEqual(many.slice(0, 20).map((b) => b.service.title));

    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(23));
    expect(titles()).toEqual(many.map((b) => b.service.title));
    // The button is gone with the last page: focus is on the first card it brought.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(await card('Visit 21')).toHaveFocus();
    const asked = callsTo(calls, '/api/bookings/client/user-1').map((call) => call.url.search);
    expect(asked).toEqual(['?tab=upcoming', '?tab=upcoming&after=20']);
  });

  it('a failed Load more keeps the shown bookings, says so, and asks again', async () => {
    signIn();
    const many = Array.from({ length: 21 }, (_, i) => booking({ id: `bk-${i + 1}`, service: { ...booking().service, title: `Visit ${i + 1}` } }));
    let fail = true;
    mockApi((call) => {
      if (call.url.pathname !== '/api/bookings/client/user-1') return undefined;
      return call.url.searchParams.has('after') && fail ? fakeResponse(500, 'boom') : fakeResponse(200, myBookingsPage(call, many));
    });
    renderBooking('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch bookings');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await card('Visit 21')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(21);
  });

  it('loads a tab when it is opened, the counts staying on the tabs meanwhile', async () => {
    signIn();
    const calls = api();
    renderBooking('/my-bookings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Completed (1)' }));
    expect(await screen.findByRole('button', { name: 'View details of Standard Home Cleaning' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Upcoming (2)' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/bookings/client/user-1').map((call) => call.url.searchParams.get('tab'))).toEqual(['upcoming', 'completed']);
  });

  it('a failed list says Failed to fetch bookings, and Retry asks again', async () => {
    signIn();
    let fail = true;
    mockApi((call) =>
      call.url.pathname === '/api/bookings/client/user-1' ? (fail ? fakeResponse(500, 'boom') : fakeResponse(200, myBookingsPage(call, [pending]))) : undefined,
    );
    renderBooking('/my-bookings');
    expect(await screen.findByText('Failed to fetch bookings')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('Standard Home Cleaning')).toBeInTheDocument();
  });
});

describe('My Bookings in Arabic', () => {
  beforeEach(() => i18n.changeLanguage('ar'));

  it('shows tabs, cards and the cancel rule in Arabic', async () => {
    signIn();
    api();
    renderBooking('/my-bookings');
    expect(await screen.findByRole('tab', { name: 'القادمة (2)' })).toBeInTheDocument();
    const first = await card('تنظيف منزلي اعتيادي');
    expect(first).toHaveTextContent('شركة اللمعان');
    expect(first).toHaveTextContent('قيد الانتظار');
    expect(await card('حجز خدمة')).toHaveTextContent('مقدم الخدمة');
    fireEvent.click(within(first).getByRole('button', { name: 'إلغاء تنظيف منزلي اعتيادي' }));
    const dialog = await screen.findByRole('dialog', { name: 'إلغاء الحجز' });
    fireEvent.change(within(dialog).getByLabelText('سبب الإلغاء'), { target: { value: 'قصير' } });
    expect(within(dialog).getByText('يجب ألا يقل السبب عن 10 أحرف')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تأكيد الإلغاء' })).toBeDisabled();
  });
});
