import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';
import {
  buildDataSourceOptions,
  type DatabaseDefinition,
  ensureDatabaseExists,
} from './database-options.js';
import { millisecondSqliteDates } from './sqlite-dates.js';
import { serializeSqliteTransactions } from './sqlite-transactions.js';

@Module({})
export class DatabaseModule {
  /**
   * Connects the service's own database and brings its schema up to date with its migrations. On
   * SQLite, transactions take turns on the one connection (see serializeSqliteTransactions) and
   * creation times keep their milliseconds (see millisecondSqliteDates).
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
            return { ...options, migrationsRun: true };
          },
          dataSourceFactory: async (options) => serializeSqliteTransactions(millisecondSqliteDates(new DataSource(options!))),
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
