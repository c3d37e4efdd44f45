// `npm run bench:memory -w bench`: does any process's memory grow under steady use? The production
// build on MariaDB + Redis (ports +2900, throwaway databases and queue keys) under mixed load for two
// periods of MINUTES each (default 10, `--minutes N` or BENCH_MEMORY_MINUTES):
//   - browsing through the gateway (autocannon): catalogue pages, sorts and searches that are each new
//     to the answer cache, service pages, availability, and a signed-in client's bookings,
//     notifications and conversations;
//   - writing beside it: a booking created and cancelled every second (outbox events -> the
//     notifications worker and the mailer), and an assistant message every 3 s.
// It samples each process's resident set size (/proc) and, for the HTTP processes, the V8 heap in use
// (`nodejs_heap_size_used_bytes` on their /metrics), and reports them at the start of the load, after
// the first period and after the second: memory that is stable grows little over the second period.
// RSS alone cannot tell a leak from V8 keeping a larger heap after a burst. The heap's floor (its lowest
// sample over the last minutes of a period, i.e. just after a collection) can. The browsing client
// never books, so its answers do not grow with the run (a history that grows with every booking would
// show as growth in every process that handles it): a second client makes the bookings.
// A heap snapshot would tell retained objects exactly, but writing one costs its process hundreds of
// MB of RSS that it keeps: docs/observability.md says how to take them by hand.
// Prints a table (also bench/results/memory.md). Measurements only, no pass/fail.
//   --no-build  reuse the current build
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { addCalendarDays } from '@khidma/contracts';
import { DEMO_ACCOUNTS, DEMO_SERVICES } from '@khidma/demo-data';
import { machineLine, startBenchStack, writeResults } from './lib/bench-stack.mjs';
import { bookingBody, freeSlots } from './lib/free-slots.mjs';
import { groupProcesses } from './lib/proc.mjs';

const minutesFlag = process.argv.indexOf('--minutes');
const MINUTES = Number(minutesFlag > 0 ? process.argv[minutesFlag + 1] : process.env.BENCH_MEMORY_MINUTES || 10);
const CONNECTIONS = 16;
const SAMPLE_EVERY_MS = 15_000;
const PORT_OFFSET = 2900;
const SEARCHES = ['clean', 'cleaning', 'plumb', 'plumber leak', 'electric', 'ac repair', 'move', 'paint', 'garden', 'تنظيف', 'سباك', 'كهرباء', 'نقل اثاث', 'دهان'];
const SORTS = ['rating', 'price-low', 'price-high', 'newest'];

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** The HTTP processes whose heap is read from /metrics (the gateway's needs the scrape token, so every one gets it). */
const HEAP_SAMPLED = ['identity', 'booking', 'assistant', 'gateway'];
/** How much of each period's end the heap floor is taken over: its last third, at most 3 minutes. */
const FLOOR_WINDOW_MS = Math.min(3 * 60_000, (MINUTES * 60_000) / 3);
process.env.METRICS_TOKEN ??= crypto.randomBytes(24).toString('hex');

const { stack, stop } = await startBenchStack({ name: 'memory', portOffset: PORT_OFFSET, profile: 'real' });

/** Heap in use (MB) of each HTTP process now, from its own metrics; a process that does not answer is left out. */
async function heapNow() {
  const entries = await Promise.all(
    HEAP_SAMPLED.map(async (name) => {
      try {
        const response = await fetch(`http://127.0.0.1:${stack.ports[name]}/metrics`, { headers: { authorization: `Bearer ${process.env.METRICS_TOKEN}` } });
        // The line carries the service's default label: nodejs_heap_size_used_bytes{service="booking"} 1234
        const used = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)$/m.exec(await response.text());
        return used ? [[name, Number(used[1]) / 2 ** 20]] : [];
      } catch {
        return [];
      }
    }),
  );
  return Object.fromEntries(entries.flat());
}

/** The RSS (MB) of each stack process now: the largest member of its group, the program itself rather than its npm wrapper. */
function rssNow() {
  return Object.fromEntries(
    [...stack.children].map(([name, child]) => [name, Math.max(0, ...groupProcesses(child.pid).map((member) => member.rssKb)) / 1024]),
  );
}

const samples = [];
/** The demo client browses; a client signed up here books, so the browsing answers stay the same size. */
const writer = { email: `memory-bench-${crypto.randomBytes(4).toString('hex')}@example.com`, password: `Bench-${crypto.randomBytes(6).toString('hex')}-9` };
let session;
let writerSession;
const logIn = async ({ email, password }) => {
  const response = await fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = await response.json();
  return { token: body.accessToken, userId: body.user.id };
};
const signIn = async () => {
  [session, writerSession] = await Promise.all([logIn(DEMO_ACCOUNTS.client), logIn(writer)]);
};

const timers = [];
let cannon;
const counts = { writes: 0, writeFailures: 0, chats: 0 };
try {
  const signedUp = await fetch(`${stack.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...writer, language: 'en' }) });
  if (signedUp.status !== 201) throw new Error(`sign-up of the booking client: ${signedUp.status}`);
  await signIn();
  // Access tokens live 15 minutes: a fresh one well before that.
  timers.push(setInterval(() => void signIn().catch(() => {}), 5 * 60_000));
  const slots = await freeSlots(stack.url, Math.ceil(MINUTES * 2 * 60) + 60);
  const firstAvailability = await (await fetch(`${stack.url}/api/bookings/availability?serviceId=${DEMO_SERVICES[0].id}&date=2000-01-01`)).json();
  const today = firstAvailability.today;
  console.log(`${slots.length} free slots; load for 2 × ${MINUTES} min, sampling every ${SAMPLE_EVERY_MS / 1000} s`);

  const auth = () => ({ authorization: `Bearer ${session.token}` });
  const writerAuth = () => ({ authorization: `Bearer ${writerSession.token}` });
  const browsing = [
    () => ({ path: `/api/services?page=${1 + Math.floor(Math.random() * 12)}&sortBy=${pick(SORTS)}` }),
    () => ({ path: `/api/services?search=${encodeURIComponent(pick(SEARCHES))}&page=${1 + Math.floor(Math.random() * 3)}` }),
    () => ({ path: `/api/services/${pick(DEMO_SERVICES).slug}` }),
    () => ({ path: `/api/bookings/availability?serviceId=${pick(DEMO_SERVICES).id}&date=${addCalendarDays(today, 1 + Math.floor(Math.random() * 30))}` }),
    () => ({ path: `/api/bookings/client/${session.userId}?tab=${pick(['upcoming', 'completed', 'cancelled'])}`, headers: auth() }),
    () => ({ path: '/api/notifications?limit=20', headers: auth() }),
    () => ({ path: '/api/conversations', headers: auth() }),
  ];
  cannon = autocannon({
    url: stack.url,
    connections: CONNECTIONS,
    duration: MINUTES * 2 * 60,
    requests: browsing.map((next) => ({
      method: 'GET',
      setupRequest: (request) => {
        const { path, headers } = next();
        return { ...request, path, headers: { ...request.headers, ...headers } };
      },
    })),
  });

  // A booking made and cancelled every second, an assistant message every 3 s.
  let slot = 0;
  timers.push(
    setInterval(async () => {
      try {
        const made = await fetch(`${stack.url}/api/bookings/create`, { method: 'POST', headers: { 'content-type': 'application/json', ...writerAuth() }, body: bookingBody(slots[slot++ % slots.length]) });
        const booking = await made.json();
        if (!made.ok) throw new Error(String(made.status));
        const cancelled = await fetch(`${stack.url}/api/bookings/${booking.id}/cancel`, { method: 'POST', headers: { 'content-type': 'application/json', ...writerAuth() }, body: JSON.stringify({ cancellationReason: 'memory bench' }) });
        if (!cancelled.ok) throw new Error(String(cancelled.status));
        counts.writes += 1;
      } catch {
        counts.writeFailures += 1;
      }
    }, 1000),
    setInterval(async () => {
      const reply = await fetch(`${stack.url}/api/ai/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth() },
        body: JSON.stringify({ message: pick(['show me cleaning services', 'my bookings', 'أريد سباك', 'how do I pay?']), sessionId: `memory-bench-${counts.chats % 50}`, language: 'en' }),
      }).catch(() => undefined);
      if (reply?.ok) counts.chats += 1;
    }, 3000),
  );

  const started = Date.now();
  const sample = async () => samples.push({ at: Date.now() - started, rss: rssNow(), heap: await heapNow() });
  await sample();
  timers.push(setInterval(() => void sample(), SAMPLE_EVERY_MS));
  const result = await cannon;
  await sample();
  counts.reads = result.requests.total;
  counts.readFailures = result.non2xx + result.errors + result.timeouts;
} finally {
  for (const timer of timers) clearInterval(timer);
  await stop();
}

/** The sample nearest to `ms` into the load. */
const at = (ms) => samples.reduce((best, sample) => (Math.abs(sample.at - ms) < Math.abs(best.at - ms) ? sample : best));
const first = samples[0];
const middle = at(MINUTES * 60_000);
const last = samples.at(-1);
const mb = (value) => value.toFixed(1);
const rows = Object.keys(first.rss).map((name) => {
  const peak = Math.max(...samples.map((sample) => sample.rss[name] ?? 0));
  const growth = middle.rss[name] ? (100 * (last.rss[name] - middle.rss[name])) / middle.rss[name] : 0;
  return `| ${name} | ${mb(first.rss[name])} | ${mb(middle.rss[name])} | ${mb(last.rss[name])} | ${mb(peak)} | ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % |`;
});

/** The lowest heap sample of `name` in the FLOOR_WINDOW_MS before `endMs`: the heap just after a collection. */
const heapFloor = (name, endMs) => Math.min(...samples.filter((s) => s.at > endMs - FLOOR_WINDOW_MS && s.at <= endMs && s.heap[name] !== undefined).map((s) => s.heap[name]));
const heapRows = HEAP_SAMPLED.map((name) => {
  const [start, firstEnd, secondEnd] = [first.heap[name], heapFloor(name, middle.at), heapFloor(name, last.at)];
  const growth = (100 * (secondEnd - firstEnd)) / firstEnd;
  return `| ${name} | ${mb(start)} | ${mb(firstEnd)} | ${mb(secondEnd)} | ${growth >= 0 ? '+' : ''}${growth.toFixed(1)} % |`;
});

writeResults('memory.md', [
  `# Memory under steady load — ${new Date().toISOString()}`,
  '',
  machineLine('MariaDB + Redis'),
  `Mixed load for 2 × ${MINUTES} min: autocannon ${CONNECTIONS} connections browsing (${counts.reads} requests, ${counts.readFailures} non-2xx or errors), ` +
    `${counts.writes} bookings made and cancelled (${counts.writeFailures} failed), ${counts.chats} assistant messages.`,
  `Resident set size (MB) of each process (the largest of its process group), sampled every ${SAMPLE_EVERY_MS / 1000} s; growth is over the second ${MINUTES} min.`,
  '',
  `| process | at start | after ${MINUTES} min | after ${2 * MINUTES} min | peak | growth, 2nd period |`,
  '|---|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  `V8 heap in use (MB) of the HTTP processes: at the start, then its floor (lowest sample) over the last ${(FLOOR_WINDOW_MS / 60_000).toFixed(1)} min of each period.`,
  '',
  `| process | at start | floor, end of 1st period | floor, end of 2nd period | growth, 2nd period |`,
  '|---|---:|---:|---:|---:|',
  ...heapRows,
]);
