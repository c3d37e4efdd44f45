import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CREDIT_RULES, type CreditAccountDto, type CreditEntryDto, type GrantCreditResponse } from '@khidma/contracts';
import { type AuthUser, Clock } from '@khidma/nest-kit';
import { DataSource, In } from 'typeorm';
import { AdminAuditLog } from '../audit/admin-audit.service.js';
import { Booking } from '../bookings/entities/booking.entity.js';
import { toCents, toMoney } from '../bookings/money.js';
import { BookingTransactions } from '../bookings/transactions.js';
import { lockCreditAccount, moveCredit } from './credit-ledger.js';
import type { CreditHistoryQuery, GrantCreditDto } from './dto/credit.dto.js';
import { CreditAccount } from './entities/credit-account.entity.js';
import { CreditEntry } from './entities/credit-entry.entity.js';

/** A client's credit as they (or an admin) see it, and the admin's goodwill grant. */
@Injectable()
export class CreditService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: BookingTransactions,
    private readonly audit: AdminAuditLog,
    private readonly clock: Clock,
  ) {}

  /** The balance and a page of entries, newest first; only an admin sees who granted an entry. */
  async account(clientId: string, query: CreditHistoryQuery, asAdmin: boolean): Promise<CreditAccountDto> {
    const account = await this.dataSource.getRepository(CreditAccount).findOneBy({ clientId });
    const [rows, total] = await this.dataSource.getRepository(CreditEntry).findAndCount({
      where: { clientId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    });
    const bookingIds = [...new Set(rows.map((row) => row.bookingId).filter((id): id is string => id !== null))];
    const numbers = new Map(
      (bookingIds.length ? await this.dataSource.getRepository(Booking).find({ where: { id: In(bookingIds) }, select: { id: true, bookingNumber: true } }) : []).map(
        (booking) => [booking.id, booking.bookingNumber],
      ),
    );
    return {
      clientId,
      balance: account?.balance ?? '0.00',
      entries: { items: rows.map((row) => toCreditEntryDto(row, numbers, asAdmin)), total, page: query.page, limit: query.limit },
    };
  }

  /** Goodwill credit: the entry, the balance and the audit entry commit together. */
  grant(admin: AuthUser, clientId: string, dto: GrantCreditDto): Promise<GrantCreditResponse> {
    const cents = toCents(dto.amount);
    if (cents < CREDIT_RULES.grantMin * 100 || cents > CREDIT_RULES.grantMax * 100) {
      throw new BadRequestException({
        code: 'validation_failed',
        message: `Invalid request: the amount must be $${CREDIT_RULES.grantMin} to $${CREDIT_RULES.grantMax}`,
        fields: { amount: cents < CREDIT_RULES.grantMin * 100 ? 'min' : 'max' },
        params: { min: CREDIT_RULES.grantMin, max: CREDIT_RULES.grantMax },
      });
    }
    return this.transactions.run(async (manager) => {
      const now = this.clock.now();
      await lockCreditAccount(manager, clientId, this.transactions.rowLock);
      const entry = await moveCredit(manager, { clientId, amount: toMoney(dto.amount), reason: 'goodwill', adminId: admin.id, note: dto.note, now });
      const account = await manager.findOneByOrFail(CreditAccount, { clientId });
      await this.audit.record(manager, admin, {
        action: 'credit.granted',
        targetType: 'account',
        targetId: clientId,
        summary: `$${entry.amount} goodwill credit`,
        summaryAr: `رصيد حسن نية بقيمة ${entry.amount} $`,
        reason: dto.note,
      });
      return { entry: toCreditEntryDto(entry, new Map(), true), balance: account.balance };
    });
  }
}

const toCreditEntryDto = (row: CreditEntry, numbers: Map<string, string>, asAdmin: boolean): CreditEntryDto => ({
  id: row.id,
  amount: row.amount,
  reason: row.reason,
  bookingId: row.bookingId,
  bookingNumber: row.bookingId ? (numbers.get(row.bookingId) ?? null) : null,
  adminId: asAdmin ? row.adminId : null,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});
