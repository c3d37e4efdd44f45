import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { apiError, booking, callsTo, mockApi, type Call } from '../testing/fixtures';
import { plainText, renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);

const URL_OF_BK1 = '/payment?booking_id=bk-1&amount=50&service=Standard%20Home%20Cleaning';
const WELCOME = { subtotal: '50.00', discount: '5.00', total: '45.00', promoCode: 'WELCOME10' };

const paidWith = (charge: typeof WELCOME) =>
  fakeResponse(200, {
    payment: { id: 'pay-1', bookingId: 'bk-1', status: 'succeeded', amount: charge.total, paymentMethod: 'card', last4: '4242', declineCode: null, createdAt: '' },
    charge,
    booking: { id: 'bk-1', paymentStatus: 'paid', status: 'pending' },
  });

function routes(check: (call: Call) => Response, pay: (call: Call) => Response = () => paidWith(WELCOME)) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/bookings/bk-1') return fakeResponse(200, booking());
    if (call.url.pathname === '/api/promotions/check' && call.method === 'POST') return check(call);
    if (call.url.pathname === '/api/payments/process' && call.method === 'POST') return pay(call);
    return undefined;
  });
}

async function fillCard() {
  fireEvent.change(await screen.findByLabelText('Card number', { exact: false }), { target: { value: '4242424242424242' } });
  fireEvent.change(screen.getByLabelText('Card holder name', { exact: false }), { target: { value: 'Sara Khalil' } });
  fireEvent.change(screen.getByLabelText('Expiry date', { exact: false }), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('CVV', { exact: false }), { target: { value: '123' } });
}

const promoField = (label = 'Promo code') => screen.findByLabelText(label);
/** The note under the field once a code applies, as read (bidi marks of amounts left out). */
const appliedNote = (text: string) => waitFor(() => expect(plainText(document.querySelector('.kb-promo-applied')!)).toBe(text));
const promoError = () =>
  waitFor(() => {
    const error = document.querySelector<HTMLElement>('.kb-promo .kb-error');
    expect(error).not.toBeNull();
    return error!;
  });

describe('Payment page: promo codes', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('applies a code: the summary shows subtotal, discount and total, and the payment carries the code and the discounted amount', async () => {
    signIn();
    const calls = routes(() => fakeResponse(200, WELCOME));
    renderBooking(URL_OF_BK1);
    fireEvent.change(await promoField(), { target: { value: 'welcome10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await appliedNote('Code WELCOME10 applied: $5.00 off.');
    expect(callsTo(calls, '/api/promotions/check', 'POST')[0]!.body).toEqual({ bookingId: 'bk-1', code: 'welcome10' });
    const summary = plainText(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary).toContain('Subtotal$50.00');
    expect(summary).toContain('Discount (WELCOME10)−$5.00');
    expect(summary).toContain('Total$45.00');
    expect(plainText(screen.getByRole('button', { name: /Complete Payment/ }))).toBe('Complete Payment $45.00');

    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: /Complete Payment/ }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 8000 })).toBeInTheDocument();
    expect(callsTo(calls, '/api/payments/process', 'POST')[0]!.body).toMatchObject({ bookingId: 'bk-1', amount: '45.00', promoCode: 'WELCOME10' });
  });

  it('a refused code says why under the field, keeps what was typed and leaves the total alone', async () => {
    signIn();
    const calls = routes(() =>
      fakeResponse(422, { statusCode: 422, code: 'promo_min_order', message: 'x', params: { minOrderAmount: '60.00' } }),
    );
    renderBooking(URL_OF_BK1);
    const field = await promoField();
    fireEvent.change(field, { target: { value: 'BIGSPEND' } });
    fireEvent.keyDown(field, { key: 'Enter' }); // Enter applies, it does not pay
    expect(plainText(await promoError())).toBe('This promo code needs an order of at least $60.00.');
    expect(field).toHaveValue('BIGSPEND');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(plainText(screen.getByRole('region', { name: 'Order summary' }))).toContain('Total$50.00');
    expect(callsTo(calls, '/api/payments/process', 'POST')).toHaveLength(0);
  });

  it('a code used up before the payment: the payment is refused at the field, the discount goes, the code stays typed', async () => {
    signIn();
    const calls = routes(
      () => fakeResponse(200, WELCOME),
      () => apiError(422, 'promo_exhausted'),
    );
    renderBooking(URL_OF_BK1);
    const field = await promoField();
    fireEvent.change(field, { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await appliedNote('Code WELCOME10 applied: $5.00 off.');
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: /Complete Payment/ }));
    const alerts = await screen.findAllByText('This promo code has been fully used.', {}, { timeout: 8000 });
    expect(alerts.length).toBeGreaterThan(0);
    expect(field).toHaveValue('WELCOME10');
    expect(screen.getByLabelText('Card number', { exact: false })).toHaveValue('4242 4242 4242 4242');
    expect(plainText(screen.getByRole('region', { name: 'Order summary' }))).toContain('Total$50.00');
    expect(plainText(screen.getByRole('button', { name: /Complete Payment/ }))).toBe('Complete Payment $50.00');
    expect(callsTo(calls, '/api/payments/process', 'POST')).toHaveLength(1);
  });

  it('editing an applied code removes its discount until it is applied again', async () => {
    signIn();
    routes(() => fakeResponse(200, WELCOME));
    renderBooking(URL_OF_BK1);
    const field = await promoField();
    fireEvent.change(field, { target: { value: 'WELCOME10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await appliedNote('Code WELCOME10 applied: $5.00 off.');
    fireEvent.change(field, { target: { value: 'WELCOME1' } });
    expect(document.querySelector('.kb-promo-applied')).toBeNull();
    expect(plainText(screen.getByRole('region', { name: 'Order summary' }))).toContain('Total$50.00');
  });

  it('in Arabic: the field, the refusal and the discount line', async () => {
    await i18n.changeLanguage('ar');
    signIn();
    let answer = () => fakeResponse(422, { statusCode: 422, code: 'promo_expired', message: 'x', params: { validUntil: '2026-11-20' } });
    routes(() => answer());
    renderBooking(URL_OF_BK1);
    const field = await promoField('رمز الخصم');
    fireEvent.change(field, { target: { value: 'AUTUMN' } });
    fireEvent.click(screen.getByRole('button', { name: 'تطبيق' }));
    expect(await promoError()).toHaveTextContent('انتهت صلاحية رمز الخصم هذا في');
    answer = () => fakeResponse(200, { ...WELCOME, promoCode: 'AUTUMN' });
    fireEvent.click(await screen.findByRole('button', { name: 'تطبيق' }));
    const summary = await screen.findByRole('region', { name: 'ملخص الطلب' });
    await within(summary).findByText('الخصم (AUTUMN)');
  });
});
