import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A photo of a service, kept in the database (as provider documents are) so every replica serves it.
 * Public: the detail page's gallery and the cards show it. Its id is derived from the bytes, so its
 * URL names one image for ever and may be cached as immutable.
 */
@Entity('service_photos')
@Index('uq_service_photos_position', ['serviceId', 'position'], { unique: true })
export class ServicePhoto {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  serviceId!: string;

  /** 0 is the cover (the service's imageUrl); the gallery shows them in this order. */
  @Column({ type: 'int' })
  position!: number;

  /** image/jpeg, image/png or image/webp, as sniffed from the bytes. */
  @Column({ type: 'varchar', length: 64 })
  contentType!: string;

  @Column({ type: 'int' })
  bytes!: number;

  /** LONGBLOB on MySQL, BLOB on SQLite (see the migration); read only when the image is served. */
  @Column({ type: 'blob', select: false })
  data!: Buffer;

  @CreateDateColumn({ type: 'datetime', precision: 3 })
  createdAt!: Date;
}
