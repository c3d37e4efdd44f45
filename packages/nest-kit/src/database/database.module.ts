import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import {
  buildDataSourceOptions,
  type DatabaseDefinition,
  ensureDatabaseExists,
} from './database-options.js';
import { prepareSchema } from './migrations.js';
import { millisecondSqliteDates } from './sqlite-dates.js';
import { serializeSqliteTransactions } from './sqlite-transactions.js';

@Module({})
export class DatabaseModule {
  /**
   * Connects the service's own database and brings its schema up to date with its migrations. On
   * MySQL/MariaDB replicas take turns migrating, or (DATABASE_MIGRATIONS=wait) wait for the migration
   * Job; the embedded SQLite file belongs to one process. On SQLite, transactions take turns on the
   * one connection (see serializeSqliteTransactions) and creation times keep their milliseconds (see
   * millisecondSqliteDates).
   */
  static forService(definition: DatabaseDefinition): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [SERVICE_CONFIG],
          useFactory: async (config: ServiceConfig) => {
            const options = buildDataSourceOptions(config, definition);
            await ensureDatabaseExists(options);
            if (options.type !== 'mysql') return { ...options, migrationsRun: true };
            const logger = new Logger('Migrations');
            await prepareSchema(options, config.DATABASE_MIGRATIONS, (message) => logger.log(message));
            return options;
          },
          dataSourceFactory: async (options) => serializeSqliteTransactions(millisecondSqliteDates(new DataSource(options!))),
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
