import { PAYMENT_RULES, type PaymentMethod, type ProcessPaymentRequest } from '@khidma/contracts';

/** Spec §3 payment form. */
export interface PaymentForm {
  paymentMethod: PaymentMethod;
  cardNumber: string;
  cardHolder: string;
  expiry: string;
  cvv: string;
}

export type PaymentField = Exclude<keyof PaymentForm, 'paymentMethod'>;

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" as the user types. */
export const groupCardNumber = (value: string) =>
  digitsOnly(value)
    .slice(0, PAYMENT_RULES.cardDigits)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1228" → "12/28" as the user types. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** An MM/YY expiry is valid through the last day of its month. */
function expiryPassed(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const endOfMonth = new Date(2000 + year, month, 1);
  return endOfMonth <= now;
}

/**
 * Spec §5 payment rules: field → message key under `payment.errors`. Card fields are checked only for
 * card payments (Apple Pay needs none of them).
 */
export function paymentErrors(form: PaymentForm, now = new Date()): Partial<Record<PaymentField, string>> {
  if (form.paymentMethod !== 'card') return {};
  const errors: Partial<Record<PaymentField, string>> = {};
  if (digitsOnly(form.cardNumber).length !== PAYMENT_RULES.cardDigits || /[^\d\s]/.test(form.cardNumber)) errors.cardNumber = 'cardNumber';
  if (form.cardHolder.trim().length < PAYMENT_RULES.cardHolderMin) errors.cardHolder = 'cardHolder';
  if (!PAYMENT_RULES.expiryPattern.test(form.expiry)) errors.expiry = 'expiry';
  else if (expiryPassed(form.expiry, now)) errors.expiry = 'expiryPassed';
  if (!PAYMENT_RULES.cvvPattern.test(form.cvv)) errors.cvv = 'cvv';
  return errors;
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

/** The credit a payment uses when the client applies it: the balance, at most the (discounted) total. */
export const creditToApply = (balance: string, total: string): string => (Math.min(cents(balance), cents(total)) / 100).toFixed(2);

/** What is left for the card once `credit` is applied to `total`. */
export const cardShare = (total: string, credit: string): string => ((cents(total) - cents(credit)) / 100).toFixed(2);

/**
 * The request body for one attempt; card details go only with card payments that charge the card
 * (credit may cover it all), a code only when applied, credit only when used.
 */
export function paymentRequest(bookingId: string, amount: string, form: PaymentForm, promoCode?: string | null, creditAmount?: string): ProcessPaymentRequest {
  const usesCredit = !!creditAmount && cents(creditAmount) > 0;
  const cardCharged = !usesCredit || cents(amount) > 0;
  return {
    bookingId,
    amount,
    paymentMethod: form.paymentMethod,
    ...(promoCode ? { promoCode } : {}),
    ...(usesCredit ? { creditAmount } : {}),
    ...(form.paymentMethod === 'card' && cardCharged
      ? { cardDetails: { number: digitsOnly(form.cardNumber), holder: form.cardHolder.trim(), expiry: form.expiry, cvv: form.cvv } }
      : {}),
  };
}

/**
 * One Idempotency-Key per payment attempt: the same request sent again (after a lost connection)
 * carries the same key, so the server cannot charge twice; a changed request or a new attempt after a
 * decline gets a fresh key.
 */
export class AttemptKeys {
  private current: { key: string; body: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(request: ProcessPaymentRequest): string {
    const body = JSON.stringify(request);
    if (this.current?.body !== body) this.current = { key: this.newKey(), body };
    return this.current.key;
  }

  /** The attempt got a final answer (declined, refused): the next one is a new attempt. */
  finish(): void {
    this.current = null;
  }
}
