import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * What the provider portal and service moderation need on `services`: a pending revision of an
 * approved service (kept beside the live fields), the first approval, and the reason of a refusal.
 */
export class ProviderPortal1764400000000 implements MigrationInterface {
  name = 'ProviderPortal1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('services', [
      new TableColumn({ name: 'pendingRevision', type: 'text', isNullable: true }),
      new TableColumn({ name: 'revisionSubmittedAt', type: 'datetime', precision: 3, isNullable: true }),
      new TableColumn({ name: 'approvedAt', type: 'datetime', precision: 3, isNullable: true }),
      new TableColumn({ name: 'rejectionReason', type: 'varchar', length: '1000', isNullable: true }),
    ]);
    await queryRunner.createIndex('services', new TableIndex({ name: 'idx_services_revision', columnNames: ['revisionSubmittedAt'] }));
    // Every service that is or was live before this column existed had been approved.
    await queryRunner.query("UPDATE services SET approvedAt = createdAt WHERE status IN ('active', 'inactive')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('services', 'idx_services_revision');
    for (const column of ['rejectionReason', 'approvedAt', 'revisionSubmittedAt', 'pendingRevision']) {
      await queryRunner.dropColumn('services', column);
    }
  }
}
