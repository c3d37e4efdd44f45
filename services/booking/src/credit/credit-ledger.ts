import { UnprocessableEntityException } from '@nestjs/common';
import type { CreditReason } from '@khidma/contracts';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { toCents, toMoney } from '../bookings/money.js';
import { isDuplicateKey } from '../bookings/transactions.js';
import { CreditAccount } from './entities/credit-account.entity.js';
import { CreditEntry } from './entities/credit-entry.entity.js';

/**
 * The credit ledger's writes, as plain functions so bookings (refunds) and payments (spending) run
 * them in their own transactions without depending on the credit module.
 *
 * Locking order (docs/promotions.md): booking row, then promo code row, then the client's
 * `credit_accounts` row. Every change of a client's credit goes through `moveCredit`, which changes
 * the balance row with one conditional UPDATE, so the balance never goes below zero on any engine.
 */

export const creditInsufficient = (balance: string) =>
  new UnprocessableEntityException({
    code: 'credit_insufficient',
    message: `Your credit balance is $${balance}.`,
    params: { balance },
  });

/**
 * Makes sure the client's balance row exists, in its own statement outside any transaction: the
 * payment can then lock an existing row (locking a missing one would take gap locks that deadlock).
 */
export async function ensureCreditAccount(source: DataSource | EntityManager, clientId: string, now: Date): Promise<void> {
  const manager = 'manager' in source ? source.manager : source;
  if (await manager.existsBy(CreditAccount, { clientId })) return;
  try {
    await manager.insert(CreditAccount, { clientId, balance: '0.00', updatedAt: now });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

/** The client's balance row, locked for the caller's transaction where the engine locks rows. */
export async function lockCreditAccount(
  manager: EntityManager,
  clientId: string,
  rowLock: { mode: 'pessimistic_write' } | undefined,
): Promise<CreditAccount | null> {
  return manager.findOne(CreditAccount, { where: { clientId }, lock: rowLock });
}

export interface CreditMove {
  clientId: string;
  /** Signed dollars: positive adds credit, negative spends it. */
  amount: string;
  reason: CreditReason;
  bookingId?: string | null;
  adminId?: string | null;
  note?: string | null;
  now: Date;
}

/**
 * Writes one ledger entry and moves the balance by its amount in the caller's transaction. Spending
 * more than the balance changes nothing and throws `credit_insufficient`.
 */
export async function moveCredit(manager: EntityManager, move: CreditMove): Promise<CreditEntry> {
  const cents = toCents(move.amount);
  const amount = toMoney(move.amount);
  const changed = await manager
    .createQueryBuilder()
    .update(CreditAccount)
    .set({ balance: () => 'balance + :amount', updatedAt: move.now })
    .where('clientId = :clientId', { clientId: move.clientId })
    .andWhere('balance + :amount >= 0')
    .setParameters({ amount })
    .execute();
  if (changed.affected !== 1) {
    const account = await manager.findOneBy(CreditAccount, { clientId: move.clientId });
    if (account || cents < 0) throw creditInsufficient(account?.balance ?? '0.00');
    await manager.insert(CreditAccount, { clientId: move.clientId, balance: amount, updatedAt: move.now });
  }
  const entry: CreditEntry = {
    id: randomUUID(),
    clientId: move.clientId,
    amount,
    reason: move.reason,
    bookingId: move.bookingId ?? null,
    adminId: move.adminId ?? null,
    note: move.note ?? null,
    createdAt: move.now,
  };
  await manager.insert(CreditEntry, entry);
  return entry;
}
