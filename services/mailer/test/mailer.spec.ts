import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type EmailJob, QUEUES } from '@khidma/contracts';
import { ConfigError, JobQueue, loadConfig } from '@khidma/nest-kit';
import { eventually, testServiceConfig, usingRedis } from '@khidma/nest-kit/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { SMTPServer } from 'smtp-server';
import { MAILER_SERVICE, mailerConfigSchema } from '../src/config.js';
import { createMailer } from '../src/mailer.js';

interface Received {
  rcptTo: string[];
  raw: string;
}

/** A real SMTP server on a free port; it can refuse the next messages or hold one while delivering. */
async function startSmtpServer() {
  const state = { refuseNext: 0, refused: 0, holdMs: 0, dataStarted: 0 };
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      state.dataStarted++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuseNext > 0) {
          state.refuseNext--;
          state.refused++;
          callback(
            Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }),
          );
          return;
        }
        const accept = () => {
          received.push({
            rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (state.holdMs) setTimeout(accept, state.holdMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    state,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(
    raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' '),
  )?.[1];
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

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
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let config: ReturnType<typeof testServiceConfig>;
  let mailer: INestApplicationContext;
  let jobs: JobQueue;

  beforeAll(async () => {
    smtp = await startSmtpServer();
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
    smtp.received.length = 0;
    Object.assign(smtp.state, { refuseNext: 0, refused: 0, holdMs: 0, dataStarted: 0 });
  });

  it('sends an e-mail job over SMTP with its subject, recipient, language and body', async () => {
    await jobs.add(QUEUES.email, 'booking.confirmed', job());
    await eventually(() => smtp.received.length > 0);
    const [mail] = smtp.received;
    expect(mail!.rcptTo).toEqual(['sara@example.com']);
    expect(headerOf(mail!.raw, 'To')).toBe('sara@example.com');
    expect(headerOf(mail!.raw, 'Subject')).toBe('Your booking is confirmed');
    expect(headerOf(mail!.raw, 'Content-Language')).toBe('ar');
    expect(headerOf(mail!.raw, 'X-Khidma-Template')).toBe('booking.confirmed');
    expect(headerOf(mail!.raw, 'From')).toContain('no-reply@khidma.local');
    expect(bodyOf(mail!.raw)).toContain('Hello Sara, your cleaning is booked.');
  });

  it('retries a job the SMTP server refused and delivers it once', async () => {
    smtp.state.refuseNext = 1;
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
    await eventually(() => smtp.received.length === 1);
    expect(smtp.state.refused).toBe(1);
    expect(smtp.received[0]!.rcptTo).toEqual(['support@khidma.test']);
    expect(headerOf(smtp.received[0]!.raw, 'Content-Language')).toBe('en');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
  });

  // Finishing the job in hand on shutdown is BullMQ's worker.close(); the in-process queue has no
  // worker to drain, so this one needs Redis.
  (usingRedis() ? it : it.skip)('finishes the job in hand when it is shut down', async () => {
    const second = await createMailer(config);
    try {
      smtp.state.holdMs = 700;
      await second
        .get(JobQueue)
        .add(QUEUES.email, 'booking.confirmed', job({ subject: 'Held while shutting down' }));
      await eventually(() => smtp.state.dataStarted > 0);
      await mailer.close();
      await second.close();
      expect(smtp.received.map((mail) => headerOf(mail.raw, 'Subject'))).toEqual([
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
      const raw = readFileSync(join(outbox, file!), 'utf8').replace(/\n/g, '\r\n');
      expect(headerOf(raw, 'Subject')).toBe('Reset your password');
      expect(headerOf(raw, 'Content-Language')).toBe('ar');
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
