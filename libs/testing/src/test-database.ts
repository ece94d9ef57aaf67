import { randomBytes } from 'node:crypto';
import { EventLog1764800000000 } from '@governance/messaging';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set; run tests through jest (npm test)');
  return url;
}

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A fresh, empty database on the test PostgreSQL, so test files never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(serverUrl(), name),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A TypeORM data source on `database`, initialized, with a pool of at most `max` connections. */
export function openDataSource(database: TestDatabase, max: number): Promise<DataSource> {
  return new DataSource({ type: 'postgres', url: database.url, extra: { max } }).initialize();
}

/** The event log as every service's migrations create it, for a test that uses the bus before any service ran. */
export async function createEventLog(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  try {
    await new EventLog1764800000000().up(runner);
  } finally {
    await runner.release();
  }
}
