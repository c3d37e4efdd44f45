import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmailJob } from '@khidma/contracts';
import nodemailer, { type Transporter } from 'nodemailer';
import { SERVICE_CONFIG, type ServiceConfig } from '../config/service-config.js';

/**
 * Sends an e-mail job: over SMTP when SMTP_URL is set, otherwise as an .eml file under
 * DATA_DIR/outbox (embedded profile), logging the first link so a newcomer can follow it.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter;
  private readonly outboxDir: string;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {
    this.outboxDir = join(config.DATA_DIR, 'outbox');
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(job: EmailJob): Promise<void> {
    const info = await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      to: job.to,
      replyTo: job.replyTo,
      subject: job.subject,
      text: job.text,
      html: job.html,
      headers: { 'Content-Language': job.language, 'X-Khidma-Template': job.template },
    });
    const link = /https?:\/\/\S+/.exec(job.text)?.[0];
    if (this.config.SMTP_URL) {
      this.logger.log(`Sent ${job.template} to ${job.to} (${info.messageId})`);
      return;
    }
    await mkdir(this.outboxDir, { recursive: true });
    const file = join(this.outboxDir, `${Date.now()}-${job.template}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
    // Written aside and renamed into place: whoever watches the outbox (a newcomer's mail reader, the
    // tests) never opens a half-written message under its final name.
    await writeFile(`${file}.part`, (info as unknown as { message: Buffer }).message);
    await rename(`${file}.part`, file);
    this.logger.log(`Wrote ${job.template} for ${job.to} to ${file}${link ? ` — link: ${link}` : ''}`);
  }
}
