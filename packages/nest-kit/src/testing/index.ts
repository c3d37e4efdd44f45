import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { INestApplication, Type } from '@nestjs/common';
import { baseServiceSchema } from '../config/load-config.js';
import type { ServiceConfig } from '../config/service-config.js';
import { createHttpApp, type HttpAppOptions } from '../http/bootstrap.js';

/** True when CI (or a developer) points the tests at a real MariaDB/MySQL server. */
export const usingMysql = () => Boolean(process.env.TEST_MYSQL_URL);
export const usingRedis = () => Boolean(process.env.TEST_REDIS_URL);

/**
 * Config for a service under test: a throwaway database (on TEST_MYSQL_URL, else SQLite in a temp
 * dir), Redis from TEST_REDIS_URL (else inline jobs) with a unique queue prefix, a temp DATA_DIR.
 */
export function testServiceConfig<T extends object = object>(
  service: string,
  extra: T = {} as T,
): ServiceConfig & T & { cleanup: () => Promise<void> } {
  const suffix = randomBytes(4).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), `khidma-${service}-`));
  const mysql = process.env.TEST_MYSQL_URL?.replace(/\/+$/, '');
  const database = `khidma_t_${service}_${suffix}`;
  const base = baseServiceSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: mysql ? `${mysql}/${database}` : undefined,
    REDIS_URL: process.env.TEST_REDIS_URL || undefined,
    QUEUE_PREFIX: `t-${service}-${suffix}`,
    // Suites sign up and sign in far more often than a person from one address; the limit tests set 1.
    RATE_LIMIT_SCALE: 1000,
  });
  return {
    ...base,
    SERVICE: { name: service, inlineJobs: !base.REDIS_URL },
    ...extra,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (mysql) {
        const { createConnection } = await import('mysql2/promise');
        const url = new URL(mysql);
        const connection = await createConnection({
          host: url.hostname,
          port: Number(url.port || 3306),
          user: decodeURIComponent(url.username || 'root'),
          password: decodeURIComponent(url.password),
        });
        try {
          await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
        } catch (error) {
          // ER_DB_DROP_RMDIR: every table is gone, but the server left a file of its own in the database's
          // folder (seen once on MariaDB 10.11: a trigger file's `.TRG-` backup from the migrations'
          // CREATE TRIGGER), which no client can remove. The suite's data is gone; its result stands.
          if ((error as { errno?: number }).errno !== 1010) throw error;
          console.warn(`${database}: dropped its tables, but ${(error as Error).message}`);
        } finally {
          await connection.end();
        }
      }
      // Redis outlives the run as MariaDB does: the suite's queues, outbox streams and channels go too.
      if (base.REDIS_URL) await dropQueueKeys(base.REDIS_URL, base.QUEUE_PREFIX);
    },
  };
}

/** Deletes every Redis key under `prefix:` (BullMQ's queues, the outbox's streams, the caches' channels). */
export async function dropQueueKeys(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 }) as AsyncIterable<string[]>)
      if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/** Starts a module as a real HTTP server on a free port (tests talk to it over HTTP). */
export async function startTestApp(
  module: Type | object,
  name = 'test',
  options: Partial<HttpAppOptions> = {},
): Promise<{ app: INestApplication; url: string }> {
  const app = await createHttpApp(module, { name, logLevel: process.env.TEST_LOG_LEVEL ?? 'silent', ...options });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** Polls until `probe` returns a truthy value or the deadline passes. */
export async function eventually<T>(probe: () => Promise<T> | T, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/** A JSON HTTP call for tests: the body is loosely typed so assertions can reach into it. */
export async function fetchJson(
  url: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<{ status: number; headers: Headers; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const { json, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...rest.headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
export * from './smtp-peer.js';
export * from './redis-server.js';
export * from './fake-identity.js';
export * from './migration-round-trip.js';

/**
 * Every operation of a running service's /openapi.json declares its security, and the declaration
 * is the truth: each bearer-secured operation, called without a token, answers 401. Returns the
 * operations declared public (`security: []`) as `METHOD /path`, for the caller to compare with the
 * routes it means to be public.
 */
export async function publicOperationsChecked(url: string): Promise<string[]> {
  const document = (await fetchJson(`${url}/openapi.json`)).body as { paths: Record<string, Record<string, { security?: unknown }>> };
  const open: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const name = `${method.toUpperCase()} ${path}`;
      const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const { security } = operation;
      if (!Array.isArray(security)) throw new Error(`${name} declares no security`);
      const bearer = security.length === 1 && JSON.stringify(security[0]) === JSON.stringify({ bearer: [] });
      if (!bearer && security.length !== 0) throw new Error(`${name} declares ${JSON.stringify(security)}`);
      if (!bearer) {
        open.push(name);
        continue;
      }
      const { status } = await fetch(`${url}${concrete}`, {
        method: method.toUpperCase(),
        ...(['post', 'put', 'patch'].includes(method) ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
        signal: AbortSignal.timeout(10_000),
      }).then(async (response) => {
        await response.body?.cancel();
        return response;
      });
      if (status !== 401) throw new Error(`${name} declares bearer security but answered ${status} without a token`);
    }
  }
  return open.sort();
}
export * from './openapi-coverage.js';
export * from './answer-schema.js';
