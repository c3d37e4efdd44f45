import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BookingPaidDto, CreditAccountDto } from '@khidma/contracts';
import { i18n, initI18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { booking, type Call, callsTo, mockApi, myBookingsPage } from '../testing/fixtures';
import { plainText, renderBooking, signIn } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);

const URL_OF_BK1 = '/payment?booking_id=bk-1&amount=50&service=Standard%20Home%20Cleaning';
const noActions = { cancel: false, reschedule: false, pay: false, accept: false, decline: false, start: false, complete: false };

const account = (balance: string, items: CreditAccountDto['entries']['items'] = []): CreditAccountDto => ({
  clientId: 'user-1',
  balance,
  entries: { items, total: items.length, page: 1, limit: 5 },
});
const GOODWILL = { id: 'ce-1', amount: '15.00', reason: 'goodwill' as const, bookingId: null, bookingNumber: null, adminId: null, note: 'Sorry for the late visit', createdAt: '2026-11-20T10:00:00.000Z' };
const SPENT = { id: 'ce-2', amount: '-10.00', reason: 'spent' as const, bookingId: 'bk-1', bookingNumber: 'KH-7Q4M-2XPA', adminId: null, note: null, createdAt: '2026-11-21T10:00:00.000Z' };

function paymentRoutes(balance: string, pay: (call: Call) => Response) {
  return mockApi((call) => {
    if (call.url.pathname === '/api/bookings/bk-1') return fakeResponse(200, booking());
    if (call.url.pathname === '/api/credit') return fakeResponse(200, account(balance));
    if (call.url.pathname === '/api/payments/process' && call.method === 'POST') return pay(call);
    return undefined;
  });
}
const paid = (total: string, card: string) =>
  fakeResponse(200, {
    payment: { id: 'pay-1', bookingId: 'bk-1', status: 'succeeded', amount: card, paymentMethod: 'card', last4: null, declineCode: null, createdAt: '' },
    charge: { subtotal: '50.00', discount: '0.00', total, promoCode: null },
    credit: (Number(total) - Number(card)).toFixed(2),
    booking: { id: 'bk-1', paymentStatus: 'paid', status: 'pending' },
  });

async function fillCard() {
  fireEvent.change(await screen.findByLabelText('Card number', { exact: false }), { target: { value: '4242424242424242' } });
  fireEvent.change(screen.getByLabelText('Card holder name', { exact: false }), { target: { value: 'Sara Khalil' } });
  fireEvent.change(screen.getByLabelText('Expiry date', { exact: false }), { target: { value: '1230' } });
  fireEvent.change(screen.getByLabelText('CVV', { exact: false }), { target: { value: '123' } });
}

describe('Khidma credit at checkout', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('shows the balance; applied, the summary takes it off and the card pays the rest', async () => {
    signIn();
    const calls = paymentRoutes('20.00', () => paid('50.00', '30.00'));
    renderBooking(URL_OF_BK1);
    const use = await screen.findByRole('checkbox', { name: /Use my Khidma credit/ });
    expect(plainText(screen.getByText(/Your credit balance/))).toBe('Your credit balance: $20.00');
    expect(use).not.toBeChecked();
    fireEvent.click(use);
    const summary = plainText(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary).toContain('Khidma credit−$20.00');
    expect(summary).toContain('To pay by card$30.00');
    expect(plainText(screen.getByRole('button', { name: /Complete Payment/ }))).toBe('Complete Payment $30.00');
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: /Complete Payment/ }));
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' }, { timeout: 8000 })).toBeInTheDocument();
    expect(callsTo(calls, '/api/payments/process', 'POST')[0]!.body).toMatchObject({ bookingId: 'bk-1', amount: '30.00', creditAmount: '20.00', cardDetails: { number: '4242424242424242' } });
  });

  it('needs no card when the credit covers the total (ar)', async () => {
    await i18n.changeLanguage('ar');
    signIn();
    const calls = paymentRoutes('80.00', () => paid('50.00', '0.00'));
    renderBooking(URL_OF_BK1);
    fireEvent.click(await screen.findByRole('checkbox', { name: /استخدم رصيدي في خدمة/ }));
    expect(screen.getByText('رصيدك يغطي هذا الحجز: لا حاجة إلى بطاقة.')).toBeInTheDocument();
    expect(screen.queryByLabelText('رقم البطاقة', { exact: false })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /إتمام الدفع/ }));
    await waitFor(() => expect(callsTo(calls, '/api/payments/process', 'POST')).toHaveLength(1), { timeout: 8000 });
    const body = callsTo(calls, '/api/payments/process', 'POST')[0]!.body as Record<string, unknown>;
    expect(body).toEqual({ bookingId: 'bk-1', amount: '0.00', creditAmount: '50.00', paymentMethod: 'card' });
  });

  it('a balance that changed meanwhile is said in words and read again', async () => {
    signIn();
    const calls = paymentRoutes('50.00', () => fakeResponse(422, { statusCode: 422, code: 'credit_insufficient', message: 'x', params: { balance: '5.00' } }));
    renderBooking(URL_OF_BK1);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Use my Khidma credit/ }));
    fireEvent.click(screen.getByRole('button', { name: /Complete Payment/ }));
    expect(await screen.findByText(/You do not have enough Khidma credit/, { selector: '.ant-alert-description' }, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, '/api/credit')).toHaveLength(2));
  });
});

describe('My Bookings: paid amount, credit and refund to credit', () => {
  beforeEach(() => i18n.changeLanguage('en'));
  const paidInfo: BookingPaidDto = { amount: '45.00', discount: '5.00', promoCode: 'WELCOME10', credit: '10.00', card: '35.00', refunded: '0.00', refundedToCredit: '0.00' };
  const paidBooking = booking({ paymentStatus: 'paid', paid: paidInfo, actions: { ...noActions, cancel: true } });

  it('shows what was paid with the discount and credit noted, and the credit balance with its history', async () => {
    signIn();
    mockApi((call) => {
      if (call.url.pathname === '/api/bookings/client/user-1') return fakeResponse(200, myBookingsPage(call, [paidBooking]));
      if (call.url.pathname === '/api/credit') return fakeResponse(200, account('5.00', [SPENT, GOODWILL]));
      return undefined;
    });
    renderBooking('/my-bookings');
    const section = await screen.findByRole('region', { name: 'Khidma credit' });
    expect(plainText(section)).toContain('Balance: $5.00');
    const entries = within(section).getAllByRole('listitem').map((item) => plainText(item));
    expect(entries[0]).toMatch(/^Used for a payment · Booking KH-7Q4M-2XPA.*−\$10\.00$/);
    expect(entries[1]).toMatch(/^Goodwill credit · Sorry for the late visit.*\+\$15\.00$/);
    const money = plainText(document.querySelector('.kb-card .kb-paid')!);
    expect(money).toBe('Paid $45.00List price $50.00 · $5.00 off (WELCOME10) · $10.00 from credit');
  });

  it('the client may take the refund as credit; the card stays the default (ar)', async () => {
    await i18n.changeLanguage('ar');
    signIn();
    const calls = mockApi((call) => {
      if (call.url.pathname === '/api/bookings/client/user-1') return fakeResponse(200, myBookingsPage(call, [paidBooking]));
      if (call.url.pathname === '/api/credit') return fakeResponse(200, account('0.00'));
      if (call.url.pathname === '/api/bookings/bk-1/cancel') {
        return fakeResponse(200, { ...paidBooking, status: 'cancelled', paymentStatus: 'refunded', refund: { amount: '45.00', toCard: '0.00', toCredit: '45.00' } });
      }
      return undefined;
    });
    renderBooking('/my-bookings');
    fireEvent.click(await screen.findByRole('button', { name: /^إلغاء / }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'إلى بطاقتي' })).toBeChecked();
    expect(plainText(within(dialog).getByText(/المدفوع من الرصيد/))).toContain('10.00');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'كرصيد في خدمة (فوراً)' }));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'تغيرت خططي هذا الأسبوع' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد الإلغاء' }));
    await waitFor(() => expect(callsTo(calls, '/api/bookings/bk-1/cancel', 'POST')).toHaveLength(1));
    expect(callsTo(calls, '/api/bookings/bk-1/cancel', 'POST')[0]!.body).toEqual({ cancellationReason: 'تغيرت خططي هذا الأسبوع', refundTo: 'credit' });
    expect(await screen.findByText(/أُضيف .*45\.00.* إلى رصيدك في خدمة\./)).toBeInTheDocument();
  });
});
