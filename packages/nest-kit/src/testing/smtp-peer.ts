import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  subject: string;
  text: string;
  html?: string;
  /** Lower-cased header name -> value. */
  headers: Map<string, string>;
  raw: string;
}

/**
 * A real SMTP server on a free port that keeps what it receives, parsed. Tests point SMTP_URL at it,
 * so e-mail travels the same nodemailer → SMTP path as in production. It can refuse the next N
 * messages (451) or hold each one before accepting, to exercise retries and shutdown.
 */
export async function startSmtpPeer() {
  const mails: ReceivedMail[] = [];
  const behaviour = { refuseNext: 0, refused: 0, holdMs: 0, dataStarted: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      behaviour.dataStarted++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (behaviour.refuseNext > 0) {
          behaviour.refuseNext--;
          behaviour.refused++;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const accept = async () => {
          const parsed = await PostalMime.parse(raw);
          mails.push({
            envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: (parsed.text ?? '').replace(/\r\n/g, '\n'),
            html: parsed.html,
            headers: new Map(parsed.headers.map((header) => [header.key.toLowerCase(), header.value])),
            raw: raw.toString('utf8'),
          });
          callback();
        };
        setTimeout(() => void accept().catch(callback), behaviour.holdMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    behaviour,
    reset() {
      mails.length = 0;
      Object.assign(behaviour, { refuseNext: 0, refused: 0, holdMs: 0, dataStarted: 0 });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
