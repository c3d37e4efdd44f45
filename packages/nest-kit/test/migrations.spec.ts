import { DataSource, type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { buildDataSourceOptions, CreateOutbox1763700000000, ensureDatabaseExists, OUTBOX_ENTITIES, prepareSchema } from '../src/index.js';
import { eventually, testServiceConfig, usingMysql } from '../src/testing/index.js';

class CreateProbe1763700000001 implements MigrationInterface {
  async up(queryRunner: QueryRunner) {
    await queryRunner.createTable(new Table({ name: 'probe', columns: [{ name: 'id', type: 'int', isPrimary: true }] }));
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.dropTable('probe');
  }
}

const definition = { service: 'migrations', entities: OUTBOX_ENTITIES, migrations: [CreateOutbox1763700000000, CreateProbe1763700000001] };

describe('schema migrations at start', () => {
  let config: ReturnType<typeof testServiceConfig>;
  let options: ReturnType<typeof buildDataSourceOptions>;
  let inspector: DataSource;

  beforeEach(async () => {
    config = testServiceConfig('migrations');
    options = buildDataSourceOptions(config, definition);
    await ensureDatabaseExists(options);
    inspector = await new DataSource(options).initialize();
  });
  afterEach(async () => {
    await inspector.destroy();
    await config.cleanup();
  });

  const hasTable = (name: string) => inspector.createQueryRunner().hasTable(name);
  const appliedMigrations = async () =>
    ((await inspector.query('SELECT name FROM migrations ORDER BY name')) as { name: string }[]).map((row) => row.name);

  test('replicas starting together apply each migration once (they take turns on a named lock)', async () => {
    // Three processes' worth of data sources on MySQL/MariaDB; the embedded SQLite file has one owner.
    const replicas = usingMysql() ? 3 : 1;
    await Promise.all(Array.from({ length: replicas }, () => prepareSchema(options, 'run')));
    expect(await appliedMigrations()).toEqual(['CreateOutbox1763700000000', 'CreateProbe1763700000001']);
    expect(await hasTable('probe')).toBe(true);
  });

  test('wait mode applies nothing and returns once another process has migrated', async () => {
    const messages: string[] = [];
    let settled = false;
    const waiting = prepareSchema(options, 'wait', (message) => messages.push(message)).finally(() => (settled = true));
    await eventually(() => messages.length > 0);
    expect(await hasTable('probe')).toBe(false);
    expect(settled).toBe(false);

    await prepareSchema(options, 'run');
    await waiting;
    expect(await appliedMigrations()).toEqual(['CreateOutbox1763700000000', 'CreateProbe1763700000001']);
  });
});
