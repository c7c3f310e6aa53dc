import { MIGRATIONS } from '@oms/migrations';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';

/** The one PostgreSQL data source: migrations only, never `synchronize`. */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: poolSize, application_name: 'oms' },
  };
}

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource(dataSourceOptions(url, poolSize));
}

/** True when the error is PostgreSQL's unique violation on the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const pg = e?.driverError ?? e;
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}
