import { QUEUES } from '@khidma/contracts';
import { InlineJobQueue } from './inline-job-queue.js';

describe('InlineJobQueue', () => {
  it('runs jobs added before the handler registers, once per job id', async () => {
    const queue = new InlineJobQueue();
    const seen: string[] = [];
    await queue.add(QUEUES.email, 'a', 1, { jobId: 'j1' });
    await queue.add(QUEUES.email, 'a', 1, { jobId: 'j1' });
    queue.process<number>(QUEUES.email, async (job) => {
      seen.push(job.id);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual(['j1']);
    await queue.close();
  });

  it('retries a failing job and waits for the job in hand on close', async () => {
    const queue = new InlineJobQueue();
    let finished = false;
    let retried!: () => void;
    const retry = new Promise<void>((resolve) => (retried = resolve));
    queue.process(QUEUES.email, async (job) => {
      if (job.attempt === 1) throw new Error('flaky');
      retried();
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = true;
    });
    await queue.add(QUEUES.email, 'retry', {});
    // The first attempt fails at once and the retry starts after the backoff. Waiting for the retry itself,
    // not for a fixed time: a timer set 50 ms past the backoff lost the race on a loaded machine.
    await retry;
    expect(finished).toBe(false);
    await queue.close();
    expect(finished).toBe(true);
  });

  it('holds a delayed job back until its delay has passed', async () => {
    const queue = new InlineJobQueue();
    const seen: string[] = [];
    queue.process(QUEUES.email, async (job) => {
      seen.push(job.id);
    });
    await queue.add(QUEUES.email, 'later', {}, { jobId: 'late', delayMs: 200 });
    await queue.add(QUEUES.email, 'now', {}, { jobId: 'soon' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['soon']);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(seen).toEqual(['soon', 'late']);
    await queue.close();
  });

  it('counts its jobs by state, as BullMQ names them, for /metrics', async () => {
    const queue = new InlineJobQueue();
    await queue.add(QUEUES.email, 'before-handler', {});
    await queue.add(QUEUES.email, 'later', {}, { delayMs: 60_000 });
    expect(await queue.counts(QUEUES.email)).toEqual({ waiting: 1, active: 0, delayed: 1, failed: 0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    queue.process(QUEUES.email, () => held);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await queue.counts(QUEUES.email)).toEqual({ waiting: 0, active: 1, delayed: 1, failed: 0 });
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await queue.counts(QUEUES.email)).toEqual({ waiting: 0, active: 0, delayed: 1, failed: 0 });
    expect(await queue.counts(QUEUES.domainEvents)).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    await queue.close();
  });
});
