import { eventually, testServiceConfig } from '@khidma/nest-kit/testing';
import type { INestApplication } from '@nestjs/common';
import { SMTPServer } from 'smtp-server';
import { bookingSettingsSchema } from '../src/config.js';
import { createBookingApp } from '../src/http-app.js';

/** A throwaway booking config: nest-kit's test database/queue profile plus booking's defaults. */
export function bookingTestConfig(extra: { SMTP_URL?: string } = {}) {
  return testServiceConfig('booking', { ...bookingSettingsSchema.parse({}), ...extra });
}

/** The real booking HTTP app (global prefix and all, as main.ts builds it) on a free port. */
export async function startBooking(config: ReturnType<typeof bookingTestConfig>) {
  const app: INestApplication = await createBookingApp(config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

export interface ReceivedMail {
  envelopeTo: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(data: string) {
  const bytes = data
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Parses the single-part text/plain messages MailService sends. */
function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { envelopeTo, headers, subject: headers.get('subject') ?? '', text: text.replace(/\r\n/g, '\n') };
}

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtpInbox() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(parseMail(Buffer.concat(chunks).toString('latin1'), session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `eventually` for probes that answer null/undefined until ready: resolves to the non-null value. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined> | T | null | undefined): Promise<T> {
  return (await eventually(probe)) as T;
}
