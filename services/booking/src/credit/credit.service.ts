import { BadRequestException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CREDIT_RULES, formatMoney, type CreditAccountDto, type CreditEntryDto, type GrantCreditResponse } from '@khidma/contracts';
import { type AuthUser, Clock } from '@khidma/nest-kit';
import { DataSource, In } from 'typeorm';
import { IdentityAccounts } from '../admin/identity-accounts.js';
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
    private readonly identity: IdentityAccounts,
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

  /**
   * Goodwill credit to an existing client's account (identity says so: an unknown id is its 404, any
   * other role 422 `credit_clients_only`); the entry, the balance and the audit entry commit together.
   */
  async grant(admin: AuthUser, authorization: string, clientId: string, dto: GrantCreditDto): Promise<GrantCreditResponse> {
    const cents = toCents(dto.amount);
    if (cents < CREDIT_RULES.grantMin * 100 || cents > CREDIT_RULES.grantMax * 100) {
      throw new BadRequestException({
        code: 'validation_failed',
        message: `Invalid request: the amount must be $${CREDIT_RULES.grantMin} to $${CREDIT_RULES.grantMax}`,
        fields: { amount: cents < CREDIT_RULES.grantMin * 100 ? 'min' : 'max' },
        params: { min: CREDIT_RULES.grantMin, max: CREDIT_RULES.grantMax },
      });
    }
    const account = await this.identity.account(clientId, authorization);
    if (account.role !== 'client') {
      throw new UnprocessableEntityException({ code: 'credit_clients_only', message: 'Only a client account can be given Khidma credit.' });
    }
    return this.transactions.run(async (manager) => {
      const now = this.clock.now();
      await lockCreditAccount(manager, clientId, this.transactions.rowLock);
      const entry = await moveCredit(manager, { clientId, amount: toMoney(dto.amount), reason: 'goodwill', adminId: admin.id, note: dto.note, now });
      const balance = await manager.findOneByOrFail(CreditAccount, { clientId });
      await this.audit.record(manager, admin, {
        action: 'credit.granted',
        targetType: 'account',
        targetId: clientId,
        summary: `${formatMoney(entry.amount, 'en', 'amount')} goodwill credit`,
        summaryAr: `رصيد حسن نية بقيمة ${formatMoney(entry.amount, 'ar', 'amount')}`,
        reason: dto.note,
      });
      return { entry: toCreditEntryDto(entry, new Map(), true), balance: balance.balance };
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
