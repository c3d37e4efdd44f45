// `npm run bench:bookings -w bench`: booking throughput and slot contention through the gateway on the
// real profile (MariaDB + Redis). Starts the production build on ports +500 with throwaway databases
// and queue keys, signs the demo client in, then
//   1. creates bookings on distinct free slots (from the public availability endpoint) with autocannon,
//   2. fires 50 simultaneous requests at one slot, 20 rounds, and counts winners and 409s.
// Prints a table (also bench/results/bookings.md). Measurements only, no pass/fail.
//   --no-build  reuse the current build
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { machineLine, startBenchStack, writeResults } from './lib/bench-stack.mjs';
import { bookingBody, freeSlots } from './lib/free-slots.mjs';

const DURATION_S = 10;
const CONTENDERS = 50;
const ROUNDS = 20;
const { stack, stop } = await startBenchStack({ name: 'bookings', portOffset: 500, profile: 'real' });

const api = async (pathname, init = {}) => {
  const response = await fetch(`${stack.url}${pathname}`, init);
  const body = await response.json().catch(() => null);
  return { status: response.status, body };
};

const rows = [];
let contention;
try {
  const { client } = DEMO_ACCOUNTS;
  const login = await api('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: client.email, password: client.password }),
  });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.status}`);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.body.accessToken}` };

  const slots = await freeSlots(stack.url, 20_000);
  console.log(`${slots.length} free slots found`);
  for (const connections of [1, 10, 50]) {
    let next = 0;
    const result = await autocannon({
      url: `${stack.url}/api/bookings/create`,
      method: 'POST',
      connections,
      duration: DURATION_S,
      requests: [{ method: 'POST', headers, setupRequest: (request) => ({ ...request, body: bookingBody(slots[next++ % slots.length]) }) }],
    });
    rows.push(
      `| ${connections} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result['2xx']} | ${result.non2xx + result.errors + result.timeouts} |`,
    );
    console.log(rows.at(-1));
    slots.splice(0, next);
  }

  // Contention: the same slot, 50 requests at once; exactly one should win every round.
  const outcomes = { won: [], conflicts: 0, other: 0, latencies: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const slot = slots.shift();
    const answers = await Promise.all(
      Array.from({ length: CONTENDERS }, async () => {
        const started = performance.now();
        const answer = await api('/api/bookings/create', { method: 'POST', headers, body: bookingBody(slot) });
        outcomes.latencies.push(performance.now() - started);
        return answer.status;
      }),
    );
    outcomes.won.push(answers.filter((status) => status === 201).length);
    outcomes.conflicts += answers.filter((status) => status === 409).length;
    outcomes.other += answers.filter((status) => status !== 201 && status !== 409).length;
  }
  const sorted = outcomes.latencies.sort((a, b) => a - b);
  contention = {
    roundsWithOneWinner: outcomes.won.filter((n) => n === 1).length,
    conflicts: outcomes.conflicts,
    other: outcomes.other,
    p50: sorted[Math.floor(sorted.length * 0.5)].toFixed(0),
    p99: sorted[Math.floor(sorted.length * 0.99)].toFixed(0),
  };
} finally {
  await stop();
}

writeResults('bookings.md', [
  `# Bookings — ${new Date().toISOString()}`,
  '',
  machineLine('MariaDB + Redis'),
  `POST /api/bookings/create through the gateway (demo client), each request a distinct free slot, ${DURATION_S} s per row.`,
  '',
  '| connections | bookings/s | p50 ms | p99 ms | created | non-2xx / errors |',
  '|---:|---:|---:|---:|---:|---:|',
  ...rows,
  '',
  `Contention: ${CONTENDERS} simultaneous requests for one slot, ${ROUNDS} rounds.`,
  '',
  '| rounds with exactly one booking | 409 answers | other answers | p50 ms | p99 ms |',
  '|---:|---:|---:|---:|---:|',
  `| ${contention.roundsWithOneWinner} / ${ROUNDS} | ${contention.conflicts} / ${ROUNDS * (CONTENDERS - 1)} | ${contention.other} | ${contention.p50} | ${contention.p99} |`,
]);
