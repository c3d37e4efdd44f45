import type { BookingRefund, RefundDestination } from '@khidma/contracts';
import type { EntityManager } from 'typeorm';
import type { Booking } from '../bookings/entities/booking.entity.js';
import { centsToMoney, toCents } from '../bookings/money.js';
import { moveCredit } from '../credit/credit-ledger.js';
import { releaseRedemption } from '../promotions/redemption-release.js';
import { Payment } from './entities/payment.entity.js';

export interface Refund extends BookingRefund {
  paymentId: string;
  /** Nothing of what was paid is left: the payment (and the booking) are now `refunded`. */
  full: boolean;
}

type PaidBooking = Pick<Booking, 'paidAmount' | 'paidCredit' | 'refundedAmount'>;
type Charge = Pick<Payment, 'amount' | 'refundedAmount'>;

/**
 * What the client paid for the booking in all (card and credit, after any promo discount). Bookings
 * paid before the booking kept its paid amount were paid by card only: the charge is all of it.
 */
const paidCents = (booking: PaidBooking, charge: Charge) => (booking.paidAmount == null ? toCents(charge.amount) : toCents(booking.paidAmount));

/** What is left to refund of what was paid for the booking ("0.00" without a successful charge). */
export function refundable(booking: PaidBooking, charge: Charge | null): string {
  return charge ? centsToMoney(paidCents(booking, charge) - toCents(booking.refundedAmount ?? 0)) : '0.00';
}

/**
 * The one refund path (cancel, decline, a dispute's decision), inside the caller's transaction, on a
 * booking row the caller already locked; the caller saves the booking's fields this sets. Gives back
 * `amount` of what was paid, or all that remains without one: the card's part first (to the card, or
 * instantly to credit when the client chose so), then the part paid with credit (always back to credit).
 * A partial refund leaves the payment `succeeded`; once nothing remains the payment and the booking are
 * `refunded` and a promo code's use is given back (its row's lock comes before the client's credit row's).
 * The caller checks `amount` against `refundable` first.
 */
export async function refundPayment(
  manager: EntityManager,
  booking: Booking,
  now: Date,
  { amount, to = 'card' }: { amount?: string; to?: RefundDestination } = {},
): Promise<Refund> {
  const charge = await manager.findOneByOrFail(Payment, { bookingId: booking.id, status: 'succeeded' });
  const remaining = toCents(refundable(booking, charge));
  const cents = amount === undefined ? remaining : toCents(amount);
  if (cents <= 0 || cents > remaining) throw new Error(`Refund of ${centsToMoney(cents)} outside 0..${centsToMoney(remaining)}`);
  const full = cents === remaining;

  const cardLeft = toCents(charge.amount) - toCents(charge.refundedAmount ?? 0);
  const cardCents = Math.min(cents, cardLeft);
  const creditCents = cents - cardCents;
  const cardRefunded = centsToMoney(toCents(charge.refundedAmount ?? 0) + cardCents);
  await manager.update(Payment, { id: charge.id }, full ? { status: 'refunded', refundedAt: now, refundedAmount: cardRefunded } : { refundedAmount: cardRefunded });
  if (full) {
    booking.paymentStatus = 'refunded';
    await releaseRedemption(manager, booking.id, now);
  }
  const move = { clientId: booking.clientId, bookingId: booking.id, now };
  if (creditCents > 0) await moveCredit(manager, { ...move, amount: centsToMoney(creditCents), reason: 'spend_reversed' });
  if (to === 'credit' && cardCents > 0) await moveCredit(manager, { ...move, amount: centsToMoney(cardCents), reason: 'refund' });

  const toCreditCents = creditCents + (to === 'credit' ? cardCents : 0);
  booking.refundedAmount = centsToMoney(toCents(booking.refundedAmount ?? 0) + cents);
  booking.refundedToCredit = centsToMoney(toCents(booking.refundedToCredit ?? 0) + toCreditCents);
  return { paymentId: charge.id, amount: centsToMoney(cents), toCard: centsToMoney(cents - toCreditCents), toCredit: centsToMoney(toCreditCents), full };
}
