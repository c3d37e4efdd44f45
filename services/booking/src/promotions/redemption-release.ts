import type { EntityManager } from 'typeorm';
import { IsNull } from 'typeorm';
import { PromoCode } from './entities/promo-code.entity.js';
import { PromoRedemption } from './entities/promo-redemption.entity.js';

/**
 * A refunded booking gives its code back: the redemption is marked released and the code's count
 * goes down, so the client (and the code's overall limit) may use it again. Runs in the refund's
 * transaction; a plain function so bookings can call it without depending on the promotions module.
 */
export async function releaseRedemption(manager: EntityManager, bookingId: string, now: Date): Promise<void> {
  const redemption = await manager.findOneBy(PromoRedemption, { bookingId, releasedAt: IsNull() });
  if (!redemption) return;
  await manager.update(PromoRedemption, { id: redemption.id, releasedAt: IsNull() }, { releasedAt: now });
  await manager
    .createQueryBuilder()
    .update(PromoCode)
    .set({ redemptionCount: () => 'redemptionCount - 1' })
    .where('id = :id AND redemptionCount > 0', { id: redemption.promoCodeId })
    .execute();
}
