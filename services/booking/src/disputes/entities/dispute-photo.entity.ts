import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An evidence photo of a dispute message, kept in the row (as chat photos) so every replica serves it. */
@Entity('dispute_photos')
@Index('idx_dispute_photos_message', ['messageId', 'position'])
export class DisputePhoto {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  disputeId!: string;

  @Column({ type: 'varchar', length: 36 })
  messageId!: string;

  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'varchar', length: 32 })
  contentType!: string;

  /** LONGBLOB on MySQL, BLOB on SQLite (see the migration); read only when the photo is served. */
  @Column({ type: 'blob', select: false })
  data!: Buffer;
}
