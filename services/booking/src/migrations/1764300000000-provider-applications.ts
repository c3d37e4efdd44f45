import { nowDefault } from '@khidma/nest-kit';
import { type MigrationInterface, type QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { enumColumn, literal } from '../database/columns.js';

/** Frozen copies (see the initial schema): a later change to a list is a new migration. */
const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'];
const LANGUAGES = ['en', 'ar'];
const DOCUMENT_KINDS = ['id_card_front', 'id_card_back', 'certification'];

/**
 * Provider applications and their document images; providers may have no catalogue category (an
 * applicant's business type such as "beauty" or "other" has none).
 */
export class ProviderApplications1764300000000 implements MigrationInterface {
  name = 'ProviderApplications1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.options.type === 'mysql';
    const now = nowDefault(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'provider_applications',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'pendingUserId', type: 'varchar', length: '36', isNullable: true },
          enumColumn(queryRunner, 'status', APPLICATION_STATUSES, { default: literal('pending') }),
          { name: 'businessName', type: 'varchar', length: '150' },
          { name: 'ownerName', type: 'varchar', length: '100' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'phone', type: 'varchar', length: '32' },
          { name: 'businessAddress', type: 'varchar', length: '300' },
          { name: 'city', type: 'varchar', length: '100' },
          { name: 'businessType', type: 'varchar', length: '32' },
          { name: 'experience', type: 'varchar', length: '8' },
          { name: 'description', type: 'text' },
          { name: 'licenseNumber', type: 'varchar', length: '100', isNullable: true },
          { name: 'insuranceInfo', type: 'varchar', length: '500' },
          { name: 'hasLicense', type: 'boolean', default: false },
          { name: 'hasInsurance', type: 'boolean', default: false },
          enumColumn(queryRunner, 'language', LANGUAGES, { default: literal('en') }),
          { name: 'rejectionReason', type: 'text', isNullable: true },
          { name: 'reviewedBy', type: 'varchar', length: '36', isNullable: true },
          { name: 'reviewedAt', type: 'datetime', precision: 3, isNullable: true },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
          { name: 'updatedAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [
          new TableIndex({ name: 'uq_provider_applications_pending_user', columnNames: ['pendingUserId'], isUnique: true }),
          new TableIndex({ name: 'idx_provider_applications_user', columnNames: ['userId', 'createdAt'] }),
          new TableIndex({ name: 'idx_provider_applications_status', columnNames: ['status', 'createdAt'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'provider_documents',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'applicationId', type: 'varchar', length: '36' },
          enumColumn(queryRunner, 'kind', DOCUMENT_KINDS),
          { name: 'contentType', type: 'varchar', length: '64' },
          { name: 'bytes', type: 'int' },
          // BLOB stops at 64 KiB on MySQL; an image may be up to 1000 KB.
          { name: 'data', type: mysql ? 'longblob' : 'blob' },
          { name: 'createdAt', type: 'datetime', precision: 3, default: now },
        ],
        indices: [new TableIndex({ name: 'idx_provider_documents_application', columnNames: ['applicationId'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'fk_provider_documents_application',
            columnNames: ['applicationId'],
            referencedTableName: 'provider_applications',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );

    await withParentRebuild(queryRunner, () =>
      queryRunner.changeColumn('providers', 'categoryId', new TableColumn({ name: 'categoryId', type: 'int', isNullable: true })),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const [{ uncategorized }] = await queryRunner.query('SELECT COUNT(*) AS uncategorized FROM providers WHERE categoryId IS NULL');
    if (Number(uncategorized)) throw new Error(`${uncategorized} providers have no category; give them one before undoing this migration`);
    await withParentRebuild(queryRunner, () =>
      queryRunner.changeColumn('providers', 'categoryId', new TableColumn({ name: 'categoryId', type: 'int' })),
    );
    await queryRunner.dropTable('provider_documents');
    await queryRunner.dropTable('provider_applications');
  }
}

/**
 * Runs a change that rebuilds `providers`. MySQL alters the column in place. SQLite has no ALTER
 * COLUMN: TypeORM copies the table, drops the old one and renames the copy, and with foreign keys on
 * the drop fails while services point at providers. SQLite ignores `PRAGMA foreign_keys` inside a
 * transaction, so when they are on the migration's transaction is committed, the rebuild runs in its own with foreign
 * keys off (checked with `foreign_key_check` before it commits), and a transaction is open again for
 * the migration runner, as it expects.
 */
async function withParentRebuild(queryRunner: QueryRunner, rebuild: () => Promise<void>) {
  if (queryRunner.connection.options.type === 'mysql') return rebuild();
  // The runner may have switched them off already (it does for a batch of migrations): keep its setting.
  const [{ foreign_keys: before }] = await queryRunner.query('PRAGMA foreign_keys');
  if (!Number(before)) return rebuild();
  const wasInTransaction = queryRunner.isTransactionActive;
  if (wasInTransaction) await queryRunner.commitTransaction();
  await queryRunner.query('PRAGMA foreign_keys = OFF');
  try {
    await queryRunner.startTransaction();
    try {
      await rebuild();
      const broken = await queryRunner.query('PRAGMA foreign_key_check');
      if (broken.length) throw new Error(`The providers rebuild would break ${broken.length} foreign keys`);
      await queryRunner.commitTransaction();
    } catch (error) {
      await queryRunner.rollbackTransaction();
      throw error;
    }
  } finally {
    await queryRunner.query('PRAGMA foreign_keys = ON');
    if (wasInTransaction) await queryRunner.startTransaction();
  }
}
