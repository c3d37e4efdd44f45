import { Module } from '@nestjs/common';
import { AdminAuditModule } from '../audit/admin-audit.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { AdminPromoCodesController, PromotionsController } from './promotions.controller.js';
import { PromotionsService } from './promotions.service.js';

/** Promo codes (docs/promotions.md); payments imports it to quote and redeem a code in its transaction. */
@Module({
  imports: [BookingsModule, AdminAuditModule],
  controllers: [AdminPromoCodesController, PromotionsController],
  providers: [PromotionsService],
  exports: [PromotionsService],
})
export class PromotionsModule {}
