import { randomUUID } from 'node:crypto';
import { demoPromoCodes } from '@khidma/demo-data';
import type { DataSource } from 'typeorm';
import { toMoney } from '../bookings/money.js';
import { PromoCode } from '../promotions/entities/promo-code.entity.js';

/**
 * The demo's promo codes (packages/demo-data), valid around `today`. A code already there is left
 * as it is (an admin may have changed or used it): the seed adds, never overwrites.
 */
export async function seedPromotions(dataSource: DataSource, today: string, now = new Date()): Promise<{ created: string[] }> {
  const created: string[] = [];
  const repository = dataSource.getRepository(PromoCode);
  for (const code of demoPromoCodes(today)) {
    if (await repository.existsBy({ code: code.code })) continue;
    await repository.insert({
      id: randomUUID(),
      code: code.code,
      kind: code.kind,
      value: toMoney(code.value),
      minOrderAmount: code.minOrderAmount ? toMoney(code.minOrderAmount) : null,
      validFrom: code.validFrom ?? null,
      validUntil: code.validUntil ?? null,
      maxRedemptions: code.maxRedemptions ?? null,
      perUserLimit: code.perUserLimit ?? null,
      firstOrderOnly: code.firstOrderOnly ?? false,
      categories: code.categories ?? [],
      active: true,
      redemptionCount: 0,
      createdBy: null,
      createdAt: now,
      deactivatedAt: null,
    });
    created.push(code.code);
  }
  return { created };
}
