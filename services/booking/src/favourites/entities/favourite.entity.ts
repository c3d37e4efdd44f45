import type { FavouriteKind } from '@khidma/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A service or provider a client saved. The primary key (client, kind, target) makes saving
 * idempotent: a second save, even a concurrent one, cannot add a second row.
 */
@Entity('favourites')
@Index('idx_favourites_client_saved', ['clientId', 'createdAt'])
export class Favourite {
  /** The identity service's user id (no foreign key across services). */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  clientId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  kind!: FavouriteKind;

  /** A service id or a provider id, by `kind`. */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  targetId!: string;

  /** From the injected Clock. */
  @Column({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
