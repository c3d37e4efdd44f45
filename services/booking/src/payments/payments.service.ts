import { BadRequestException, ConflictException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomUUID } from 'node:crypto';
import { type ApiErrorBody, normalizePromoCode, type PaymentDto, type PriceBreakdown, type ProcessPaymentResponse } from '@khidma/contracts';
import { type AuthUser, Clock, SERVICE_CONFIG, zonedToday } from '@khidma/nest-kit';
import { DataSource } from 'typeorm';
import { breakdown } from '../promotions/promo-rules.js';
import { type PromoQuote, PromotionsService } from '../promotions/promotions.service.js';
import { BookingsService } from '../bookings/bookings.service.js';
import type { Booking } from '../bookings/entities/booking.entity.js';
import { centsToMoney, toCents, toMoney } from '../bookings/money.js';
import { creditInsufficient, ensureCreditAccount, lockCreditAccount, moveCredit } from '../credit/credit-ledger.js';
import { BookingTransactions, isDuplicateKey } from '../bookings/transactions.js';
import type { BookingConfig } from '../config.js';
import type { CardDetailsDto, ProcessPaymentDto } from './dto/process-payment.dto.js';
import { Payment } from './entities/payment.entity.js';
import { DECLINE_MESSAGES, testProcessorAnswer } from './test-processor.js';

export const IDEMPOTENCY_KEY_MAX = 255;

/** What the route answers: a status and a body, stored with the payment so a retry gets the same. */
export interface PaymentAnswer {
  status: number;
  body: ProcessPaymentResponse | ApiErrorBody;
}

@Injectable()
export class PaymentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly bookings: BookingsService,
    private readonly promotions: PromotionsService,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /**
   * Charges a booking through the test processor. The payment row (with its answer), the booking's
   * payment status and the `booking.paid` event commit together. With an Idempotency-Key, (client,
   * key) is unique: a retry, even one racing the first request, gets the first answer and is never
   * charged again; the same key on a different request is refused.
   */
  async process(user: AuthUser, dto: ProcessPaymentDto, key: string | undefined): Promise<PaymentAnswer> {
    if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX)) {
      throw new BadRequestException({
        code: 'validation_failed',
        message: `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`,
        fields: { 'Idempotency-Key': 'length' },
      });
    }
    const creditCents = toCents(dto.creditAmount ?? 0);
    // Credit covering the whole total leaves nothing for a card to pay.
    const card = dto.paymentMethod === 'card' && toCents(dto.amount) > 0 ? dto.cardDetails! : null;
    const fingerprint = fingerprintOf(dto, dto.paymentMethod === 'card' ? (dto.cardDetails ?? null) : null);
    // A payment with a code or credit locks the client's balance row; on MariaDB/MySQL it must exist
    // to be locked (SQLite's transactions take turns: there is nothing to lock).
    const locksClient = !!dto.promoCode || creditCents > 0;
    if (locksClient && this.transactions.rowLock) await ensureCreditAccount(this.dataSource, user.id, this.clock.now());
    try {
      return await this.transactions.run(async (manager) => {
        const now = this.clock.now();
        const { booking, provider } = await this.bookings.lockForPayment(manager, user, dto.bookingId);
        // The code's lock comes next, before anything else is read or locked: payments with one code
        // queue here, in the same order (booking, then code) as every other transaction that takes both.
        const promo = dto.promoCode ? await this.promotions.lockCode(manager, dto.promoCode) : null;
        // Then the client's balance row: one client's payments with a code or credit queue here, so
        // per-client rules over several codes (first order only) and the balance see the last payment.
        const account = locksClient ? await lockCreditAccount(manager, user.id, this.transactions.rowLock) : null;
        if (key) {
          const earlier = await manager.findOne(Payment, {
            where: { clientId: user.id, idempotencyKey: key },
            lock: this.transactions.rowLock,
          });
          if (earlier) return replay(earlier, fingerprint);
        }
        if (card && hasExpired(card.expiry, zonedToday(now, this.config.MARKETPLACE_TIMEZONE))) {
          throw new BadRequestException({
            code: 'validation_failed',
            message: 'Invalid request: the card has expired',
            fields: { 'cardDetails.expiry': 'notExpired' },
          });
        }
        if (booking.status === 'cancelled') {
          throw new ConflictException({ code: 'conflict', message: 'This booking was cancelled and cannot be paid.' });
        }
        if (booking.paymentStatus === 'paid') {
          throw new ConflictException({ code: 'already_paid', message: 'This booking has already been paid.' });
        }
        // A code that does not apply is refused before anything is charged.
        const quote: PromoQuote | null = promo ? await this.promotions.quote(manager, booking, promo) : null;
        const charge = quote?.charge ?? breakdown(booking.totalAmount, null);
        if (creditCents > toCents(charge.total)) {
          throw new BadRequestException({
            code: 'validation_failed',
            message: `Invalid request: at most $${charge.total} of credit can be used`,
            fields: { creditAmount: 'max' },
          });
        }
        const cardAmount = centsToMoney(toCents(charge.total) - creditCents);
        if (toMoney(dto.amount) !== cardAmount) {
          throw new ConflictException({
            code: 'amount_mismatch',
            message: `The amount does not match the booking total of $${cardAmount}.`,
            params: { expected: cardAmount },
          });
        }
        if (creditCents > toCents(account?.balance ?? '0.00')) throw creditInsufficient(account?.balance ?? '0.00');

        const outcome = toCents(cardAmount) === 0 ? 'succeeds' : testProcessorAnswer(card);
        const payment: PaymentDto = {
          id: randomUUID(),
          bookingId: booking.id,
          status: outcome === 'succeeds' ? 'succeeded' : 'declined',
          amount: cardAmount,
          paymentMethod: dto.paymentMethod,
          last4: card ? card.number.slice(-4) : null,
          declineCode: outcome === 'succeeds' ? null : outcome,
          createdAt: now.toISOString(),
        };
        booking.paymentStatus = outcome === 'succeeds' ? 'paid' : 'failed';
        const credit = centsToMoney(creditCents);
        if (outcome === 'succeeds') recordPaid(booking, charge, credit);
        const answer: PaymentAnswer =
          outcome === 'succeeds'
            ? { status: 200, body: { payment, charge, credit, booking: { id: booking.id, paymentStatus: 'paid', status: booking.status } } }
            : { status: 402, body: { statusCode: 402, code: outcome, message: DECLINE_MESSAGES[outcome], params: { paymentId: payment.id } } };
        await manager.insert(Payment, {
          id: payment.id,
          bookingId: booking.id,
          clientId: user.id,
          amount: payment.amount,
          method: payment.paymentMethod,
          status: payment.status,
          declineCode: payment.declineCode,
          last4: payment.last4,
          expiry: card?.expiry ?? null,
          idempotencyKey: key ?? null,
          requestFingerprint: fingerprint,
          responseStatus: answer.status,
          responseBody: answer.body,
          createdAt: now,
          refundedAt: null,
        });
        // Only a successful charge uses the code; a decline leaves it as it was.
        if (quote && outcome === 'succeeds') await this.promotions.redeem(manager, quote, booking, payment.id, now);
        // Only a successful payment spends credit (a decline spends none); the balance row is locked.
        if (creditCents > 0 && outcome === 'succeeds') {
          await moveCredit(manager, { clientId: user.id, amount: `-${credit}`, reason: 'spent', bookingId: booking.id, now });
        }
        const saved = await this.bookings.save(manager, booking);
        if (outcome === 'succeeds') await this.bookings.publish(manager, 'booking.paid', saved, provider, 'client');
        return answer;
      });
    } catch (error) {
      // Two requests with one key raced past the lookup (e.g. for different bookings): the loser
      // rolled back whole and answers as a retry would.
      if (key && isDuplicateKey(error)) {
        const earlier = await this.dataSource.getRepository(Payment).findOneBy({ clientId: user.id, idempotencyKey: key });
        if (earlier) return replay(earlier, fingerprint);
      }
      throw error;
    }
  }
}

/** Identifies a request's content without the card number or CVV (nothing secret is hashed). */
export function fingerprintOf(dto: ProcessPaymentDto, card: CardDetailsDto | null): string {
  const fields = [dto.bookingId, toMoney(dto.amount), dto.paymentMethod, card?.number.slice(-4) ?? null, card?.expiry ?? null, card?.holder ?? null];
  // A code is part of the request (matched case-blind); without one the fingerprint is as before.
  if (dto.promoCode) fields.push(normalizePromoCode(dto.promoCode));
  if (toCents(dto.creditAmount ?? 0) > 0) fields.push(`credit:${toMoney(dto.creditAmount!)}`);
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** What the booking shows as paid: the discounted total, of it `credit` from the client's credit. */
function recordPaid(booking: Booking, charge: PriceBreakdown, credit: string) {
  Object.assign(booking, {
    paidAmount: charge.total,
    paidDiscount: charge.discount,
    paidPromoCode: charge.promoCode,
    paidCredit: credit,
    refundedAmount: '0.00',
    refundedToCredit: '0.00',
  });
}

function replay(earlier: Payment, fingerprint: string): PaymentAnswer {
  if (earlier.requestFingerprint !== fingerprint) {
    throw new UnprocessableEntityException({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different payment request.',
    });
  }
  return { status: earlier.responseStatus, body: earlier.responseBody as PaymentAnswer['body'] };
}

/** A card is good through the last day of its expiry month. */
function hasExpired(expiry: string, today: string): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  return 2000 + year < thisYear || (2000 + year === thisYear && month < thisMonth);
}
