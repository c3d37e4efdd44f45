import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { PriceBreakdown, PromoCodeDto, PromoCodePage, PromoRedemptionDto, PromoRedemptionPage } from '@khidma/contracts';
import { formatMoney, normalizePromoCode, PROMO_RULES } from '@khidma/contracts';
import { type AuthUser, Clock, SERVICE_CONFIG, zonedToday } from '@khidma/nest-kit';
import { DataSource, type EntityManager, In, IsNull, Not } from 'typeorm';
import { pageOf, whereAnyContains } from '../database/admin-lists.js';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { bookingNotFound } from '../bookings/bookings.service.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { toCents, toMoney } from '../bookings/money.js';
import { BookingTransactions, isDuplicateKey } from '../bookings/transactions.js';
import { ServiceCategory } from '../catalogue/entities/service-category.entity.js';
import type { BookingConfig } from '../config.js';
import { Payment } from '../payments/entities/payment.entity.js';
import type { CheckPromoCodeDto, CreatePromoCodeDto, PromoCodeListQuery } from './dto/promotions.dto.js';
import { PromoCode } from './entities/promo-code.entity.js';
import { PromoRedemption } from './entities/promo-redemption.entity.js';
import { breakdown, promoError, ruleBroken } from './promo-rules.js';

/** A code that applies to a booking, with the bill it gives. */
export interface PromoQuote {
  promo: PromoCode;
  charge: PriceBreakdown;
}

const invalid = (field: string, rule: string, message: string) =>
  new BadRequestException({ code: 'validation_failed', message: `Invalid request: ${message}`, fields: { [field]: rule } });

/**
 * Promo codes: the admin's create/list/deactivate (each audited in its own transaction), the client's
 * preview, and the quote/redeem pair the payment runs inside its transaction. Limits hold under
 * concurrency because every redemption of a code first takes that code's row lock (`lockCode`) and the
 * count is raised by a conditional UPDATE; on SQLite transactions already take turns.
 */
@Injectable()
export class PromotionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly audit: AdminAuditLog,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async create(admin: AuthUser, dto: CreatePromoCodeDto): Promise<PromoCodeDto> {
    if (toCents(dto.value) <= 0) throw invalid('value', 'min', 'the discount must be more than zero');
    if (dto.kind === 'percent' && toCents(dto.value) > PROMO_RULES.percentMax * 100) throw invalid('value', 'max', 'a percent is at most 100');
    if (dto.kind === 'fixed' && toCents(dto.value) > PROMO_RULES.amountMax * 100) throw invalid('value', 'max', 'the amount is too large');
    if (dto.validFrom && dto.validUntil && dto.validFrom > dto.validUntil) {
      throw invalid('validUntil', 'afterFrom', 'the last day must not be before the first');
    }
    const categories = [...new Set(dto.categories ?? [])];
    const now = this.clock.now();
    const row: PromoCode = {
      id: randomUUID(),
      code: normalizePromoCode(dto.code),
      kind: dto.kind,
      value: toMoney(dto.value),
      minOrderAmount: dto.minOrderAmount ? toMoney(dto.minOrderAmount) : null,
      validFrom: dto.validFrom || null,
      validUntil: dto.validUntil || null,
      maxRedemptions: dto.maxRedemptions ?? null,
      perUserLimit: dto.perUserLimit ?? null,
      firstOrderOnly: dto.firstOrderOnly ?? false,
      categories,
      active: true,
      redemptionCount: 0,
      createdBy: admin.id,
      createdAt: now,
      deactivatedAt: null,
    };
    try {
      await this.transactions.run(async (manager) => {
        if (categories.length > 0) {
          const known = await manager.findBy(ServiceCategory, { slug: In(categories) });
          if (known.length !== categories.length) throw invalid('categories', 'unknown', 'unknown category');
        }
        await manager.insert(PromoCode, row);
        await this.audit.record(manager, admin, { action: 'promo_code.created', targetType: 'promo_code', targetId: row.id, summary: describe(row) });
      });
    } catch (error) {
      if (isDuplicateKey(error)) throw promoError('promo_code_taken', { code: row.code });
      throw error;
    }
    return toPromoCodeDto(row);
  }

  async list(query: PromoCodeListQuery): Promise<PromoCodePage> {
    const builder = this.dataSource.getRepository(PromoCode).createQueryBuilder('p');
    whereAnyContains(builder, ['p.code'], query.search && normalizePromoCode(query.search));
    const page = await pageOf(builder.orderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'DESC'), query);
    return { ...page, items: page.items.map(toPromoCodeDto) };
  }

  /** Stops new redemptions; redemptions already made stand. Deactivating twice changes (and audits) nothing. */
  deactivate(admin: AuthUser, id: string): Promise<PromoCodeDto> {
    return this.transactions.run(async (manager) => {
      const promo = await manager.findOne(PromoCode, { where: { id }, lock: this.transactions.rowLock });
      if (!promo) throw new NotFoundException({ code: 'not_found', message: 'Promo code not found' });
      if (!promo.active) return toPromoCodeDto(promo);
      promo.active = false;
      promo.deactivatedAt = this.clock.now();
      await manager.update(PromoCode, { id }, { active: false, deactivatedAt: promo.deactivatedAt });
      await this.audit.record(manager, admin, { action: 'promo_code.deactivated', targetType: 'promo_code', targetId: id, summary: describe(promo) });
      return toPromoCodeDto(promo);
    });
  }

  async redemptions(id: string, query: PromoCodeListQuery): Promise<PromoRedemptionPage> {
    const promo = await this.dataSource.getRepository(PromoCode).findOneBy({ id });
    if (!promo) throw new NotFoundException({ code: 'not_found', message: 'Promo code not found' });
    const [rows, total] = await this.dataSource.getRepository(PromoRedemption).findAndCount({
      where: { promoCodeId: id },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    return { items: rows.map((row) => toRedemptionDto(row, promo.code)), total, page: query.page, limit: query.limit };
  }

  /** The client's preview at checkout: what the code would take off their booking (nothing is held). */
  async check(user: AuthUser, dto: CheckPromoCodeDto): Promise<PriceBreakdown> {
    const manager = this.dataSource.manager;
    const booking = await manager.findOneBy(Booking, { id: dto.bookingId });
    if (!booking || booking.clientId !== user.id) throw bookingNotFound();
    const promo = await this.lockCode(manager, dto.code, false);
    return (await this.quote(manager, booking, promo, false)).charge;
  }

  /**
   * Finds the code, locked for the caller's transaction when `lock` (the payment takes it right after
   * the booking's lock, so redemptions of one code queue here and each sees the last one's count).
   */
  async lockCode(manager: EntityManager, code: string, lock = true): Promise<PromoCode> {
    const promo = await manager.findOne(PromoCode, { where: { code: normalizePromoCode(code) }, lock: lock ? this.transactions.rowLock : undefined });
    if (!promo) throw promoError('promo_not_found');
    return promo;
  }

  /**
   * Checks every rule of `promo` for `booking` and gives the bill, or throws the first rule broken.
   * The client's own history is read with locking reads: under the code's lock they see the latest
   * committed redemptions and payments, not the transaction's older snapshot. The preview (`locking`
   * false) runs outside any transaction and holds nothing.
   */
  async quote(manager: EntityManager, booking: Booking, promo: PromoCode, locking = true): Promise<PromoQuote> {
    const lock = locking ? this.transactions.rowLock : undefined;
    const held = await manager.find(PromoRedemption, { where: { promoCodeId: promo.id, clientId: booking.clientId, releasedAt: IsNull() }, lock });
    const paid = promo.firstOrderOnly
      ? await manager.find(Payment, { where: { clientId: booking.clientId, status: 'succeeded', bookingId: Not(booking.id) }, lock, take: 1 })
      : [];
    const broken = ruleBroken(promo, {
      today: zonedToday(this.clock.now(), this.config.MARKETPLACE_TIMEZONE),
      subtotal: booking.totalAmount,
      categorySlug: booking.serviceCategorySlug,
      userRedemptions: held.length,
      hasPaidBefore: paid.length > 0,
    });
    if (broken) throw promoError(broken.code, broken.params);
    return { promo, charge: breakdown(booking.totalAmount, promo) };
  }

  /**
   * Records the redemption in the payment's transaction. The count goes up only while under the limit
   * (one conditional UPDATE, atomic on every engine); if another redemption took the last one, nothing
   * is written and the payment fails as exhausted.
   */
  async redeem(manager: EntityManager, quote: PromoQuote, booking: Booking, paymentId: string, now: Date): Promise<void> {
    const raised = await manager
      .createQueryBuilder()
      .update(PromoCode)
      .set({ redemptionCount: () => 'redemptionCount + 1' })
      .where('id = :id AND active = :active', { id: quote.promo.id, active: true })
      .andWhere('(maxRedemptions IS NULL OR redemptionCount < maxRedemptions)')
      .execute();
    if (raised.affected !== 1) throw promoError('promo_exhausted');
    await manager.insert(PromoRedemption, {
      id: randomUUID(),
      promoCodeId: quote.promo.id,
      bookingId: booking.id,
      paymentId,
      clientId: booking.clientId,
      discountAmount: quote.charge.discount,
      createdAt: now,
      releasedAt: null,
    });
  }
}

const describe = (promo: PromoCode) =>
  `${promo.code}: ${promo.kind === 'percent' ? `${Number(promo.value)}%` : formatMoney(promo.value, 'en', 'amount')} off` +
  (promo.maxRedemptions !== null ? `, ${promo.maxRedemptions} uses` : '');

export const toPromoCodeDto = (row: PromoCode): PromoCodeDto => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  minOrderAmount: row.minOrderAmount,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  maxRedemptions: row.maxRedemptions,
  perUserLimit: row.perUserLimit,
  firstOrderOnly: !!row.firstOrderOnly,
  categories: row.categories,
  active: !!row.active,
  redemptionCount: row.redemptionCount,
  createdAt: row.createdAt.toISOString(),
  deactivatedAt: row.deactivatedAt ? row.deactivatedAt.toISOString() : null,
});

const toRedemptionDto = (row: PromoRedemption, code: string): PromoRedemptionDto => ({
  id: row.id,
  promoCodeId: row.promoCodeId,
  code,
  bookingId: row.bookingId,
  clientId: row.clientId,
  discountAmount: row.discountAmount,
  createdAt: row.createdAt.toISOString(),
  releasedAt: row.releasedAt ? row.releasedAt.toISOString() : null,
});
