import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { apiError, booking, callsTo, mockApi, type Call } from '../testing/fixtures';
import { plainText, renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => i18n.changeLanguage('en'));

const URL_OF_BK1 = '/payment?booking_id=bk-1&amount=50&service=Standard%20Home%20Cleaning';

const paid = () =>
  fakeResponse(200, {
    payment: { id: 'pay-1', bookingId: 'bk-1', status: 'succeeded', amount: '50.00', paymentMethod: 'card', last4: '4242', declineCode: null, createdAt: '' },
    charge: { subtotal: '50.00', discount: '0.00', total: '50.00', promoCode: null },
    credit: '0.00',
    booking: { id: 'bk-1', paymentStatus: 'paid', status: 'pending' },
  });

function routes(pay: (call: Call) => Response | Promise<Response>) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/bookings/bk-1') return fakeResponse(200, booking());
    if (call.url.pathname === '/api/payments/process' && call.method === 'POST') return pay(call);
    return undefined;
  });
}

async function fillCard(number = '4242424242424242') {
  fireEvent.change(await screen.findByLabelText('Card number', { exact: false }), { target: { value: number } });
  fireEvent.change(screen.getByLabelText('Card holder name', { exact: false }), { target: { value: 'Sara Khalil' } });
  fireEvent.change(screen.getByLabelText('Expiry date', { exact: false }), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('CVV', { exact: false }), { target: { value: '123' } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /Complete Payment/ }));
const keyOf = (call: Call) => call.headers.get(IDEMPOTENCY_KEY_HEADER);

describe('Payment page', () => {
  it('without booking_id and amount: No booking details found, and a way to book', async () => {
    signIn();
    mockApi(() => undefined);
    renderBooking('/payment?booking_id=bk-1');
    expect(await screen.findByRole('heading', { name: 'No booking details found.' })).toBeInTheDocument();
    expect(screen.getByText('Missing booking information - Booking details are required to process payment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Booking' })).toHaveAttribute('href', '/booking');
  });

  it("shows the order summary from the booking (the URL's amount is only a hint) and the test cards", async () => {
    signIn();
    const calls = routes(paid);
    renderBooking('/payment?booking_id=bk-1&amount=1&service=x');
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(callsTo(calls, '/api/bookings/bk-1')).toHaveLength(1);
    const text = plainText(summary);
    expect(text).toContain('Standard Home Cleaning');
    expect(text).toContain('KH-7Q4M-2XPA');
    expect(text).toContain('Nov 24, 2026 at 10:00 AM');
    expect(text).toContain('Subtotal$50.00');
    expect(text).toContain('Service fee$0.00');
    expect(text).toContain('Total$50.00');
    expect(plainText(screen.getByRole('button', { name: /Complete Payment/ }))).toBe('Complete Payment $50.00');
    const notice = screen.getByRole('note', { name: 'Test payment system' });
    expect(notice).toHaveTextContent('4242 4242 4242 4242 payment succeeds');
    expect(notice).toHaveTextContent('4000 0000 0000 0002 card is declined');
    expect(notice).toHaveTextContent('4000 0000 0000 9995 declined: insufficient funds');
    expect(notice).toHaveTextContent('4000 0000 0000 0069 declined: expired card');
    expect(screen.getByText('Secure payment processing')).toBeInTheDocument();
  });

  it('checks the card fields with the messages of spec §5; Apple Pay needs none', async () => {
    signIn();
    const calls = routes(paid);
    renderBooking(URL_OF_BK1);
    fireEvent.change(await screen.findByLabelText('Card number', { exact: false }), { target: { value: '4242' } });
    fireEvent.change(screen.getByLabelText('Card holder name', { exact: false }), { target: { value: 'Al' } });
    fireEvent.change(screen.getByLabelText('Expiry date', { exact: false }), { target: { value: '13' } });
    fireEvent.change(screen.getByLabelText('CVV', { exact: false }), { target: { value: '12' } });
    submit();
    expect(await screen.findByText('Must be 16 digits')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Must be in MM/YY format')).toBeInTheDocument();
    expect(screen.getByText('Must be 3-4 digits')).toBeInTheDocument();
    expect(screen.getByText('Form Error')).toBeInTheDocument();
    expect(screen.getByText('Please check your payment details and try again.')).toBeInTheDocument();
    expect(callsTo(calls, '/api/payments/process', 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: /Apple Pay/ }));
    expect(screen.queryByLabelText('Card number', { exact: false })).not.toBeInTheDocument();
    expect(screen.getByText(/You will confirm the payment with Apple Pay/)).toBeInTheDocument();
  });

  it('a decline shows its reason and keeps the form; the next attempt has a new Idempotency-Key', async () => {
    signIn();
    let answer = () => apiError(402, 'card_declined');
    const calls = routes(() => answer());
    renderBooking(URL_OF_BK1);
    await fillCard('4000000000000002');
    submit();
    expect(await screen.findByRole('button', { name: /Processing/ })).toBeInTheDocument();
    expect(await screen.findByText('Your card was declined. Please use another card.', { selector: '.ant-alert-description' })).toBeInTheDocument();
    expect(screen.getByText('Payment declined', { selector: '.ant-alert-title' })).toBeInTheDocument();
    expect(screen.getByLabelText('Card number', { exact: false })).toHaveValue('4000 0000 0000 0002');

    const [first] = callsTo(calls, '/api/payments/process', 'POST');
    expect(first!.body).toEqual({
      bookingId: 'bk-1',
      amount: '50.00',
      paymentMethod: 'card',
      cardDetails: { number: '4000000000000002', holder: 'Sara Khalil', expiry: '12/30', cvv: '123' },
    });
    expect(keyOf(first!)).toMatch(/^[0-9a-f-]{36}$/);

    // Same card again after a decline: a new attempt, so a new key.
    answer = () => apiError(402, 'insufficient_funds');
    submit();
    expect(await screen.findByText('Your card has insufficient funds. Please use another card.', {}, { timeout: 8000 })).toBeInTheDocument();
    const [, second] = callsTo(calls, '/api/payments/process', 'POST');
    expect(keyOf(second!)).not.toBe(keyOf(first!));
  });

  it('after a lost connection the same attempt is sent again with the same Idempotency-Key, then succeeds', async () => {
    signIn();
    let attempts = 0;
    const calls = routes(() => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return paid();
    });
    const router = renderBooking(URL_OF_BK1);
    await fillCard();
    submit();
    expect(await screen.findByText('Could not reach the server. Check your connection and try again.', { selector: '.ant-alert-description' })).toBeInTheDocument();
    submit();
    // The toast (the amount sits in a direction isolate).
    expect(await screen.findByText(/^Payment Successful! Your payment of \u2066\$50\.00\u2069 has been processed successfully\.$/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to My Bookings…');
    const [first, second] = callsTo(calls, '/api/payments/process', 'POST');
    expect(keyOf(second!)).toBe(keyOf(first!));
    // Spec §4: to My Bookings 2 s after success.
    expect(router.url).toBe(URL_OF_BK1);
    await waitFor(() => expect(router.url).toBe('/my-bookings'), { timeout: 5000 });
  });

  it('a changed card after a lost connection is a new attempt with a new key', async () => {
    signIn();
    const calls = routes(() => {
      throw new TypeError('Failed to fetch');
    });
    renderBooking(URL_OF_BK1);
    await fillCard();
    submit();
    await screen.findByText('Could not reach the server. Check your connection and try again.', { selector: '.ant-alert-description' });
    fireEvent.change(screen.getByLabelText('Card holder name', { exact: false }), { target: { value: 'S. Khalil' } });
    submit();
    await waitFor(() => expect(callsTo(calls, '/api/payments/process', 'POST')).toHaveLength(2), { timeout: 8000 });
    const [first, second] = callsTo(calls, '/api/payments/process', 'POST');
    expect(keyOf(second!)).not.toBe(keyOf(first!));
  });

  it('Apple Pay sends no card details', async () => {
    signIn();
    const calls = routes(paid);
    renderBooking(URL_OF_BK1);
    fireEvent.click(await screen.findByRole('radio', { name: /Apple Pay/ }));
    submit();
    await waitFor(() => expect(callsTo(calls, '/api/payments/process', 'POST')).toHaveLength(1), { timeout: 8000 });
    expect(callsTo(calls, '/api/payments/process', 'POST')[0]!.body).toEqual({ bookingId: 'bk-1', amount: '50.00', paymentMethod: 'apple_pay' });
  });

  it('an already paid booking says so and links to it', async () => {
    signIn();
    mockApi((call) =>
      call.url.pathname === '/api/bookings/bk-1'
        ? fakeResponse(200, booking({ paymentStatus: 'paid', actions: { ...booking().actions, pay: false } }))
        : undefined,
    );
    renderBooking(URL_OF_BK1);
    expect(await screen.findByRole('heading', { name: 'This booking is already paid' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View booking' })).toHaveAttribute('href', '/my-bookings/bk-1');
    expect(screen.queryByRole('button', { name: /Complete Payment/ })).not.toBeInTheDocument();
  });

  it('signed out: Authentication required with a sign-in link back here', async () => {
    signIn(false);
    mockApi(() => undefined);
    renderBooking(URL_OF_BK1);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Authentication required' })).toBeInTheDocument();
    expect(within(alert).getByText('Please sign in to proceed with payment.')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(URL_OF_BK1)}`);
  });
});

describe('Payment page in Arabic', () => {
  beforeEach(() => i18n.changeLanguage('ar'));

  it('shows the card rules and a decline in Arabic', async () => {
    signIn();
    routes(() => apiError(402, 'expired_card'));
    renderBooking(URL_OF_BK1);
    fireEvent.click(await screen.findByRole('button', { name: /إتمام الدفع/ }));
    expect(await screen.findByText('يجب أن يتكون من 16 رقمًا')).toBeInTheDocument();
    expect(screen.getByText('يجب أن يكون بالصيغة MM/YY')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('رقم البطاقة', { exact: false }), { target: { value: '4000000000000069' } });
    fireEvent.change(screen.getByLabelText('اسم حامل البطاقة', { exact: false }), { target: { value: 'سارة خليل' } });
    fireEvent.change(screen.getByLabelText('تاريخ الانتهاء', { exact: false }), { target: { value: '12/30' } });
    fireEvent.change(screen.getByLabelText('رمز التحقق (CVV)', { exact: false }), { target: { value: '1234' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /إتمام الدفع/ }));
    });
    expect(await screen.findByText('انتهت صلاحية بطاقتك. يرجى استخدام بطاقة أخرى.', { selector: '.ant-alert-description' })).toBeInTheDocument();
  });
});
