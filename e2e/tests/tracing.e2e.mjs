// Tracing on the assembled stack (issue 16): one booking request sent with a W3C traceparent, as a
// browser's instrumentation would, and the same trace id in the log lines of every process it
// reaches: the gateway, the booking service and, through the outbox and the queue, the worker that
// handles its event and (on Redis) the mailer that sends its e-mail.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_SERVICES } from '@khidma/demo-data';
import { freeSlotByApi, signUpByApi } from '../support/booking.mjs';
import { readStackState } from '../support/stack-state.mjs';

const SERVICE = DEMO_SERVICES.find((s) => s.slug === 'standard-home-cleaning');
// With Redis the event leaves the booking process for the notifications worker, and its e-mail for
// the mailer; in the embedded profile the booking process runs both jobs itself.
const ON_REDIS = Boolean(process.env.TEST_REDIS_URL);

/** The stack log's JSON lines as { process, line }: `[name]   {…}` with the prefix's colours removed. */
function stackLogLines() {
  // eslint-disable-next-line no-control-regex -- the prefixes are coloured with ANSI escapes
  const text = fs.readFileSync(readStackState().log, 'utf8').replace(/\x1b\[[\d;]*m/g, '');
  return text.split('\n').flatMap((raw) => {
    const match = /^\[([\w:-]+)\]\s+(\{.*\})$/.exec(raw);
    if (!match) return [];
    try {
      return [{ process: match[1], line: JSON.parse(match[2]) }];
    } catch {
      return [];
    }
  });
}

test('one booking request: its trace id is in the gateway, booking and worker log lines', async ({ request }) => {
  const { accessToken } = await signUpByApi(request, 'en', 'trace');
  const { date, time } = await freeSlotByApi(request, SERVICE.id, 3);
  const traceId = crypto.randomBytes(16).toString('hex');
  const browserSpanId = crypto.randomBytes(8).toString('hex');

  const res = await request.post('/api/bookings/create', {
    headers: { Authorization: `Bearer ${accessToken}`, traceparent: `00-${traceId}-${browserSpanId}-01` },
    data: { serviceId: SERVICE.id, scheduledDate: date, scheduledTime: time, clientAddress: '12 Rainbow Street, Amman', clientPhone: '+962 79 123 4567', clientName: 'E2E Trace', language: 'en' },
  });
  expect(res.status(), 'POST /api/bookings/create').toBe(201);
  // The gateway names the trace it continued (its own span within it) in traceresponse.
  const traceresponse = res.headers()['traceresponse'];
  expect(traceresponse).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  expect(traceresponse.split('-')[2]).not.toBe(browserSpanId);

  const inTrace = () => stackLogLines().filter(({ line }) => line.trace_id === traceId);
  const logged = (name, pattern) => inTrace().some(({ process, line }) => process === name && pattern.test(line.msg));
  // The event is handled from the queue (by the worker on Redis, in process otherwise), and its e-mail
  // is a job of the email queue (the mailer's on Redis): all in the request's trace.
  const eventWorker = ON_REDIS ? 'notifications' : 'booking';
  const mailWorker = ON_REDIS ? 'mailer' : 'booking';
  await expect
    .poll(
      () => ({
        gatewayRequest: inTrace().some(({ process, line }) => process === 'gateway' && line.msg === 'request completed' && line.res?.statusCode === 201),
        bookingRequest: inTrace().some(({ process, line }) => process === 'booking' && line.msg === 'request completed' && line.res?.statusCode === 201),
        eventJob: logged(eventWorker, /^Job domain-events\/booking\.created \S+ done$/),
        mailJob: logged(mailWorker, /^Job email\/booking\.created\.\w+ \S+ done$/),
      }),
      { timeout: 20_000 },
    )
    .toEqual({ gatewayRequest: true, bookingRequest: true, eventJob: true, mailJob: true });
  const lines = inTrace();
  const expected = ON_REDIS ? ['booking', 'gateway', 'mailer', 'notifications'] : ['booking', 'gateway'];
  expect([...new Set(lines.map(({ process }) => process))].sort()).toEqual(expected);
  // Every line carries a span id too, and the spans differ by hop.
  expect(lines.every(({ line }) => /^[0-9a-f]{16}$/.test(line.span_id))).toBe(true);
  expect(new Set(lines.map(({ line }) => line.span_id)).size).toBeGreaterThanOrEqual(expected.length);
});
