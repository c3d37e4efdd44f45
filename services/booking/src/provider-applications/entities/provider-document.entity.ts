import type { ApplicationDocumentDto } from '@khidma/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

export type DocumentKind = ApplicationDocumentDto['kind'];

/**
 * An image attached to an application, kept in the database so every replica can serve it. Its id is
 * random and nothing the uploader named is kept: the type is what the bytes are, not what was declared.
 */
@Entity('provider_documents')
@Index('idx_provider_documents_application', ['applicationId'])
export class ProviderDocument {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36 })
  applicationId!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: DocumentKind;

  /** Sniffed from the bytes: image/jpeg, image/png or image/webp. */
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
