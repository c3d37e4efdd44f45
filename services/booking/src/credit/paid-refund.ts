import type { BookingRefund, RefundDestination } from '@khidma/contracts';
import type { EntityManager } from 'typeorm';
import type { Booking } from '../bookings/entities/booking.entity.js';
import { centsToMoney, toCents } from '../bookings/money.js';
import { moveCredit } from './credit-ledger.js';

/**
 * The refund of a paid booking's whole paid amount (after its discount), in the refund's transaction:
 * the part paid with credit always goes back to credit (`spend_reversed`); the card part goes back to
 * the card, or instantly to credit (`refund`) when the client chose so. Sets the booking's refunded
 * fields; the caller marks the payment refunded. `cardPaid` is the payment row's amount, used for
 * bookings paid before the booking kept its paid amount.
 */
export async function refundPaidAmount(
  manager: EntityManager,
  booking: Booking,
  cardPaid: string,
  destination: RefundDestination,
  now: Date,
): Promise<BookingRefund> {
  const creditCents = toCents(booking.paidCredit ?? 0);
  const cardCents = booking.paidAmount == null ? toCents(cardPaid) : toCents(booking.paidAmount) - creditCents;
  const toCreditCents = creditCents + (destination === 'credit' ? cardCents : 0);
  const move = { clientId: booking.clientId, bookingId: booking.id, now };
  if (creditCents > 0) await moveCredit(manager, { ...move, amount: centsToMoney(creditCents), reason: 'spend_reversed' });
  if (destination === 'credit' && cardCents > 0) await moveCredit(manager, { ...move, amount: centsToMoney(cardCents), reason: 'refund' });
  const refund: BookingRefund = {
    amount: centsToMoney(creditCents + cardCents),
    toCard: centsToMoney(destination === 'card' ? cardCents : 0),
    toCredit: centsToMoney(toCreditCents),
  };
  Object.assign(booking, { refundedAmount: refund.amount, refundedToCredit: refund.toCredit });
  return refund;
}
