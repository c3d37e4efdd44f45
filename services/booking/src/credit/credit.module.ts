import { Module } from '@nestjs/common';
import { IdentityAccounts } from '../admin/identity-accounts.js';
import { AdminAuditModule } from '../audit/admin-audit.module.js';
import { BookingsModule } from '../bookings/bookings.module.js';
import { AdminCreditController, CreditController } from './credit.controller.js';
import { CreditService } from './credit.service.js';

/** Account credit (docs/promotions.md): the ledger's routes; payments and refunds write it via credit-ledger.ts. */
@Module({
  imports: [BookingsModule, AdminAuditModule],
  controllers: [CreditController, AdminCreditController],
  providers: [CreditService, IdentityAccounts],
})
export class CreditModule {}
