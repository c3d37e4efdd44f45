import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type EmailJob, QUEUES } from '@khidma/contracts';
import { JobQueue } from '../queue/job-queue.js';
import { MailService } from './mail.service.js';

/** Consumes the e-mail queue: the e-mail worker's whole job, or inline in the embedded profile. */
@Injectable()
export class EmailConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
  ) {}

  onApplicationBootstrap() {
    this.jobs.process<EmailJob>(QUEUES.email, (job) => this.mail.send(job.data));
  }
}
