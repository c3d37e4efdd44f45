import { AttemptKeys, formatExpiry, groupCardNumber, paymentErrors, paymentRequest, type PaymentForm } from './payment';

const card: PaymentForm = { paymentMethod: 'card', cardNumber: '4242 4242 4242 4242', cardHolder: 'Sara Khalil', expiry: '12/30', cvv: '123' };
const now = new Date('2026-11-21T10:00:00Z');

describe('payment rules (spec §5)', () => {
  it('accepts a complete card and Apple Pay without card fields', () => {
    expect(paymentErrors(card, now)).toEqual({});
    expect(paymentErrors({ ...card, paymentMethod: 'apple_pay', cardNumber: '', cardHolder: '', expiry: '', cvv: '' }, now)).toEqual({});
  });

  it('names each broken field', () => {
    expect(paymentErrors({ ...card, cardNumber: '4242 4242 4242 424', cardHolder: ' Al ', expiry: '13/30', cvv: '12' }, now)).toEqual({
      cardNumber: 'cardNumber',
      cardHolder: 'cardHolder',
      expiry: 'expiry',
      cvv: 'cvv',
    });
    expect(paymentErrors({ ...card, cardNumber: '4242-4242-4242-4242', cvv: '12345' }, now)).toMatchObject({ cardNumber: 'cardNumber', cvv: 'cvv' });
    expect(paymentErrors({ ...card, cvv: '1234' }, now)).toEqual({});
  });

  it('a card is valid through the last day of its expiry month', () => {
    expect(paymentErrors({ ...card, expiry: '11/26' }, now)).toEqual({});
    expect(paymentErrors({ ...card, expiry: '10/26' }, now)).toEqual({ expiry: 'expiryPassed' });
  });

  it('formats the number and expiry as typed', () => {
    expect(groupCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('sends card details only for card payments, digits only', () => {
    expect(paymentRequest('bk-1', '50.00', card)).toEqual({
      bookingId: 'bk-1',
      amount: '50.00',
      paymentMethod: 'card',
      cardDetails: { number: '4242424242424242', holder: 'Sara Khalil', expiry: '12/30', cvv: '123' },
    });
    expect(paymentRequest('bk-1', '50.00', { ...card, paymentMethod: 'apple_pay' })).toEqual({ bookingId: 'bk-1', amount: '50.00', paymentMethod: 'apple_pay' });
  });
});

describe('Idempotency-Key per attempt', () => {
  it('the same request keeps its key until the attempt is finished; a changed one gets a new key', () => {
    let n = 0;
    const keys = new AttemptKeys(() => `key-${++n}`);
    const request = paymentRequest('bk-1', '50.00', card);
    expect(keys.keyFor(request)).toBe('key-1');
    expect(keys.keyFor({ ...request })).toBe('key-1');
    expect(keys.keyFor(paymentRequest('bk-1', '50.00', { ...card, cvv: '999' }))).toBe('key-2');
    keys.finish();
    expect(keys.keyFor(paymentRequest('bk-1', '50.00', { ...card, cvv: '999' }))).toBe('key-3');
  });
});
