import type { EntityManager } from 'typeorm';
import { Booking } from '../bookings/entities/booking.entity.js';
import { centsToMoney, toCents } from '../bookings/money.js';
import { releaseRedemption } from '../promotions/redemption-release.js';
import { Payment } from './entities/payment.entity.js';

export interface Refund {
  paymentId: string;
  /** What this refund gave back. */
  amount: string;
  /** Nothing of the charge is left: the payment (and the booking) are now `refunded`. */
  full: boolean;
}

/** What is left to refund of the booking's successful charge ("0.00" when there is none). */
export function refundable(charge: Pick<Payment, 'amount' | 'refundedAmount'> | null): string {
  return charge ? centsToMoney(toCents(charge.amount) - toCents(charge.refundedAmount ?? 0)) : '0.00';
}

/**
 * The one refund path (cancel, decline, a dispute's decision), inside the caller's transaction, on a
 * booking row the caller already locked. Gives back `amount` of the booking's successful charge, or
 * all that remains of it without one. A partial refund adds to the payment's `refundedAmount` and
 * leaves it `succeeded`; once nothing remains the payment and the booking are `refunded` and a promo
 * code's use is given back. The caller checks `amount` against `refundable` first.
 */
export async function refundPayment(manager: EntityManager, booking: Booking, now: Date, amount?: string): Promise<Refund> {
  const charge = await manager.findOneByOrFail(Payment, { bookingId: booking.id, status: 'succeeded' });
  const remaining = toCents(refundable(charge));
  const cents = amount === undefined ? remaining : toCents(amount);
  if (cents <= 0 || cents > remaining) throw new Error(`Refund of ${centsToMoney(cents)} outside 0..${centsToMoney(remaining)}`);
  const full = cents === remaining;
  const refundedAmount = centsToMoney(toCents(charge.refundedAmount ?? 0) + cents);
  await manager.update(Payment, { id: charge.id }, full ? { status: 'refunded', refundedAt: now, refundedAmount } : { refundedAmount });
  if (full) {
    booking.paymentStatus = 'refunded';
    await releaseRedemption(manager, booking.id, now);
  }
  return { paymentId: charge.id, amount: centsToMoney(cents), full };
}
