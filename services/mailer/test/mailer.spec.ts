import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { type EmailJob, QUEUES } from '@khidma/contracts';
import { ConfigError, JobQueue, loadConfig, startMetricsServer } from '@khidma/nest-kit';
import { eventually, type SmtpPeer, startSmtpPeer, testServiceConfig, usingRedis } from '@khidma/nest-kit/testing';
import type { INestApplicationContext } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { MAILER_SERVICE, mailerConfigSchema } from '../src/config.js';
import { createMailer } from '../src/mailer.js';

const job = (overrides: Partial<EmailJob> = {}): EmailJob => ({
  to: 'sara@example.com',
  subject: 'Your booking is confirmed',
  text: 'Hello Sara, your cleaning is booked. Details: https://khidma.test/my-bookings',
  language: 'ar',
  template: 'booking.confirmed',
  ...overrides,
});

const profile = usingRedis() ? 'BullMQ on Redis' : 'the in-process queue (TEST_REDIS_URL unset)';

describe(`mailer worker consuming ${QUEUES.email} from ${profile}`, () => {
  let smtp: SmtpPeer;
  let config: ReturnType<typeof testServiceConfig>;
  let mailer: INestApplicationContext;
  let jobs: JobQueue;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    config = testServiceConfig('mailer', { SMTP_URL: smtp.url, SERVICE: MAILER_SERVICE });
    mailer = await createMailer(config);
    jobs = mailer.get(JobQueue);
  });
  afterAll(async () => {
    await mailer?.close();
    await smtp?.close();
    await config?.cleanup();
  });
  beforeEach(() => {
    smtp.reset();
  });

  it('sends an e-mail job over SMTP with its subject, recipient, language and body', async () => {
    await jobs.add(QUEUES.email, 'booking.confirmed', job());
    await eventually(() => smtp.mails.length > 0);
    const [mail] = smtp.mails;
    expect(mail!.envelopeTo).toEqual(['sara@example.com']);
    expect(mail!.headers.get('to')).toBe('sara@example.com');
    expect(mail!.headers.get('subject')).toBe('Your booking is confirmed');
    expect(mail!.headers.get('content-language')).toBe('ar');
    expect(mail!.headers.get('x-khidma-template')).toBe('booking.confirmed');
    expect(mail!.headers.get('from')).toContain('no-reply@khidma.local');
    expect(mail!.text).toContain('Hello Sara, your cleaning is booked.');
  });

  it('retries a job the SMTP server refused and delivers it once', async () => {
    smtp.behaviour.refuseNext = 1;
    await jobs.add(
      QUEUES.email,
      'contact.received',
      job({
        to: 'support@khidma.test',
        subject: 'New contact message',
        language: 'en',
        template: 'contact.received',
      }),
    );
    await eventually(() => smtp.mails.length === 1);
    expect(smtp.behaviour.refused).toBe(1);
    expect(smtp.mails[0]!.envelopeTo).toEqual(['support@khidma.test']);
    expect(smtp.mails[0]!.headers.get('content-language')).toBe('en');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(1);
  });

  it('finishes the job in hand when it is shut down', async () => {
    const second = await createMailer(config);
    try {
      smtp.behaviour.holdMs = 700;
      await second
        .get(JobQueue)
        .add(QUEUES.email, 'booking.confirmed', job({ subject: 'Held while shutting down' }));
      await eventually(() => smtp.behaviour.dataStarted > 0);
      await mailer.close();
      await second.close();
      expect(smtp.mails.map((mail) => mail.subject)).toEqual([
        'Held while shutting down',
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each e-mail as an .eml file under DATA_DIR/outbox', async () => {
    const config = testServiceConfig('mailer', { SERVICE: MAILER_SERVICE });
    const mailer = await createMailer(config);
    try {
      await mailer
        .get(JobQueue)
        .add(
          QUEUES.email,
          'password.reset',
          job({ subject: 'Reset your password', template: 'password.reset' }),
        );
      const outbox = join(config.DATA_DIR, 'outbox');
      const emlFiles = () => {
        try {
          return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
        } catch {
          return []; // the outbox folder appears with the first mail
        }
      };
      await eventually(() => emlFiles().length > 0);
      const [file] = emlFiles();
      const mail = await PostalMime.parse(readFileSync(join(outbox, file!)));
      expect(mail.subject).toBe('Reset your password');
      expect(mail.headers.find((header) => header.key === 'content-language')?.value).toBe('ar');
    } finally {
      await mailer.close();
      await config.cleanup();
    }
  });
});

describe('mailer config', () => {
  it('refuses to start without Redis and says why', () => {
    for (const env of [{}, { REDIS_URL: '' }]) {
      expect(() => loadConfig(mailerConfigSchema, env)).toThrow(ConfigError);
      expect(() => loadConfig(mailerConfigSchema, env)).toThrow(
        /REDIS_URL: required .*each service then sends its own mail/s,
      );
    }
    expect(() => loadConfig(mailerConfigSchema, { REDIS_URL: 'http://localhost:6379' })).toThrow(
      /REDIS_URL/,
    );
    expect(loadConfig(mailerConfigSchema, { REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe(
      'redis://127.0.0.1:6379',
    );
  });
});

describe('mailer metrics listener', () => {
  let config: ReturnType<typeof testServiceConfig>;
  let mailer: INestApplicationContext;
  const servers: Array<import('node:http').Server> = [];

  beforeAll(async () => {
    config = testServiceConfig('mailer', { SERVICE: MAILER_SERVICE });
    mailer = await createMailer(config);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await mailer?.close();
    await config?.cleanup();
  });
  const start = async (token?: string) => {
    const server = await startMetricsServer(mailer, 0, '127.0.0.1', token);
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('serves the worker registry at /metrics: its e-mail queue by state, labelled with the service', async () => {
    const url = await start();
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(text).toMatch(new RegExp(`^job_queue_jobs\\{queue="email",state="${state}",service="mailer"\\} \\d+$`, 'm'));
    }
    expect((await fetch(`${url}/`)).status).toBe(404);
  });

  it('answers 404 to a scrape without the METRICS_TOKEN bearer when one is set', async () => {
    const url = await start('a-metrics-token-of-some-length');
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-same-length!!' } })).status).toBe(404);
    const response = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer a-metrics-token-of-some-length' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('process_cpu_user_seconds_total');
  });
});
