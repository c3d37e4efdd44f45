import type { HealthReport } from '@khidma/contracts';
import { DEMO_ACCOUNTS, DEMO_USERS } from '@khidma/demo-data';
import { ConfigError, loadConfig } from '@khidma/nest-kit';
import type { INestApplication } from '@nestjs/common';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '@khidma/nest-kit/testing';
import { DataSource, QueryFailedError } from 'typeorm';
import { createApp } from '../src/app.js';
import { identityConfigSchema } from '../src/config.js';
import { seedDemoUsers } from '../src/seed/seed-demo-users.js';
import { User } from '../src/users/entities/user.entity.js';
import { PasswordHasher } from '../src/users/password-hasher.js';
import { identityTestConfig } from './support.js';

const config = identityTestConfig({ ADMIN_EMAIL: 'admin@khidma.test' });

describe('identity service', () => {
  let app: INestApplication;
  let url: string;
  let dataSource: DataSource;
  let hasher: PasswordHasher;

  beforeAll(async () => {
    app = await createApp(config);
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    dataSource = app.get(DataSource);
    hasher = app.get(PasswordHasher);
  });
  afterAll(async () => {
    await app?.close();
    await config.cleanup();
  });

  it('is live and ready once its migrations ran', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as HealthReport).checks.database?.status).toBe('up');
    const migrations = await dataSource.query('SELECT name FROM migrations ORDER BY timestamp');
    expect(migrations.map((row: { name: string }) => row.name)).toEqual([
      'CreateOutbox1763700000000',
      'CreateUsers1763800000000',
      'CreateAuthTables1763900000000',
      'OutboxTraceparent1765000000000',
      'SessionSuccessor1767000000000',
    ]);
  });

  it('creates the users table with its defaults', async () => {
    const users = dataSource.getRepository(User);
    await users.insert({
      id: '11111111-1111-4111-8111-111111111111',
      email: 'New.Person@Example.COM',
      firstName: 'New',
      lastName: 'Person',
    });
    const row = await users.findOneByOrFail({ email: 'NEW.Person@example.com' });
    expect(row).toMatchObject({
      email: 'new.person@example.com',
      role: 'client',
      isActive: true,
      language: 'en',
      emailVerifiedAt: null,
      passwordHash: null,
      profileImageUrl: null,
    });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.updatedAt).toBeInstanceOf(Date);
    // Stored lower-cased (and looked up so, above), so the same address in other letters is the same account.
    await expect(
      users.insert({
        id: '22222222-2222-4222-8222-222222222222',
        email: 'NEW.person@example.com',
        firstName: 'X',
        lastName: 'Y',
      }),
    ).rejects.toThrow(QueryFailedError);
    await users.delete(row.id);
  });

  it('seeds every demo user verified, with its role, language and an argon2id hash of its password', async () => {
    const report = await seedDemoUsers(dataSource, hasher);
    expect(report).toEqual({ created: DEMO_USERS.length, updated: 0, unchanged: 0 });

    const users = await dataSource.getRepository(User).find();
    expect(users).toHaveLength(DEMO_USERS.length);
    const count = (role: string) => users.filter((user) => user.role === role).length;
    expect(count('admin')).toBe(DEMO_USERS.filter((person) => person.role === 'admin').length);
    expect(count('provider')).toBe(
      DEMO_USERS.filter((person) => person.role === 'provider').length,
    );
    expect(count('client')).toBe(DEMO_USERS.filter((person) => person.role === 'client').length);

    for (const person of DEMO_USERS) {
      const user = users.find((row) => row.id === person.id)!;
      expect(user).toMatchObject({
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        language: person.language,
        isActive: true,
      });
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      // Opened on the day the demo says, so the admin's user list reads like a real history.
      expect(user.createdAt.toISOString()).toBe(`${person.joinedAt}T09:00:00.000Z`);
      expect(user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await hasher.verify(user.passwordHash!, person.password)).toBe(true);
    }
    const admin = users.find((user) => user.id === DEMO_ACCOUNTS.admin.id)!;
    expect(admin).toMatchObject({ email: config.ADMIN_EMAIL, role: 'admin' });
  });

  it('changes nothing when run again, and does not re-hash passwords', async () => {
    const snapshot = async () =>
      (await dataSource.getRepository(User).find({ order: { id: 'ASC' } })).map((user) => ({
        ...user,
        updatedAt: user.updatedAt.toISOString(),
      }));
    const before = await snapshot();
    expect(await seedDemoUsers(dataSource, hasher)).toEqual({
      created: 0,
      updated: 0,
      unchanged: DEMO_USERS.length,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('repairs a demo account that drifted, and only that one', async () => {
    const users = dataSource.getRepository(User);
    const { client, provider } = DEMO_ACCOUNTS;
    const providerHash = (await users.findOneByOrFail({ id: provider.id })).passwordHash;
    await users.update(client.id, {
      passwordHash: await hasher.hash('changed by the user'),
      role: 'provider',
      emailVerifiedAt: null,
    });
    await users.update(provider.id, { language: 'en' });

    expect(await seedDemoUsers(dataSource, hasher)).toEqual({
      created: 0,
      updated: 2,
      unchanged: DEMO_USERS.length - 2,
    });
    const repaired = await users.findOneByOrFail({ id: client.id });
    expect(repaired.role).toBe('client');
    expect(repaired.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await hasher.verify(repaired.passwordHash!, client.password)).toBe(true);
    const untouchedHash = await users.findOneByOrFail({ id: provider.id });
    expect(untouchedHash.language).toBe('ar');
    expect(untouchedHash.passwordHash).toBe(providerHash);
  });

  it('writes account e-mails to DATA_DIR/outbox when no SMTP server is configured (embedded profile)', async () => {
    const signUp = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'outbox.reader@example.test', password: 'Outbox-Passw0rd!' }),
    });
    expect(signUp.status).toBe(201);
    const outbox = join(config.DATA_DIR, 'outbox');
    const file = await eventually(() => existsSync(outbox) && readdirSync(outbox).find((name) => name.includes('auth.verify_email') && name.endsWith('.eml')));
    // The .eml body is quoted-printable: undo its soft line breaks and the escaped '='.
    const eml = readFileSync(join(outbox, file as string), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(eml).toMatch(/http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}/);
  });
});

describe('identity config', () => {
  it('defaults the admin e-mail and normalises a given one', () => {
    expect(loadConfig(identityConfigSchema, {}).ADMIN_EMAIL).toBe('admin@khidma.test');
    expect(
      loadConfig(identityConfigSchema, { ADMIN_EMAIL: ' Boss@Example.com ' }).ADMIN_EMAIL,
    ).toBe('boss@example.com');
    expect(loadConfig(identityConfigSchema, {}).PORT).toBe(3001);
  });

  it('refuses an admin e-mail that is not one', () => {
    expect(() => loadConfig(identityConfigSchema, { ADMIN_EMAIL: 'not-an-email' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(identityConfigSchema, { ADMIN_EMAIL: 'not-an-email' })).toThrow(
      /ADMIN_EMAIL/,
    );
  });
});
