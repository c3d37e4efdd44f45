import { Column, Entity, PrimaryColumn } from 'typeorm';
import { moneyString } from '../../bookings/money.js';

/**
 * A client's credit balance: the sum of their `credit_entries`, kept on one row per client so every
 * change of it (grant, refund, spend) first locks this row — changes of one client's credit queue here.
 */
@Entity('credit_accounts')
export class CreditAccount {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  clientId!: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: moneyString })
  balance!: string;

  @Column({ type: 'datetime', precision: 3 })
  updatedAt!: Date;
}
