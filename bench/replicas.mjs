// `npm run bench:replicas -w bench`: does throughput grow with booking replicas? The production build
// on MariaDB + Redis (ports +2700, throwaway databases and queue keys), then with booking x1, x2 and x3
// behind one gateway (started for each count with BOOKING_URL listing the replicas):
//   1. bookings/s: POST /api/bookings/create on distinct free slots (demo client), autocannon;
//   2. catalogue req/s: GET /api/services (the default list) and a search, autocannon.
// It also samples each process's CPU, so the table says what flattens the curve on this machine.
// Prints a table (also bench/results/replicas.md). Measurements only, no pass/fail.
//   --no-build  reuse the current build
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { startProcess } from '../scripts/lib/stack.mjs';
import { machineLine, startBenchStack, writeResults } from './lib/bench-stack.mjs';
import { groupCpuSeconds } from './lib/proc.mjs';
import { bookingBody, freeSlots } from './lib/free-slots.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const CONNECTIONS = 32;
const PORT_OFFSET = 2700;
const { stack, stop } = await startBenchStack({ name: 'replicas', portOffset: PORT_OFFSET, profile: 'real' });

const bookingSpec = stack.processes.find((spec) => spec.name === 'booking');
const gatewaySpec = stack.processes.find((spec) => spec.name === 'gateway');
const replicaPorts = [0, 10, 20].map((d) => stack.ports.booking + d);
const benchGatewayPort = stack.ports.gateway + 50;
const extra = [];

const rows = [];
try {
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.client.email, password: DEMO_ACCOUNTS.client.password }),
  }).then((r) => r.json());
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${login.accessToken}` };
  const slots = await freeSlots(stack.url, 30_000);
  console.log(`${slots.length} free slots found`);

  for (const replicas of [1, 2, 3]) {
    // Replica n (n > 1) is one more booking process with the stack's own environment.
    while (extra.length < replicas - 1) {
      extra.push(await startProcess(bookingSpec, stack.env, { port: replicaPorts[extra.length + 1] }));
    }
    const gateway = await startProcess(
      { ...gatewaySpec, env: { ...gatewaySpec.env, BOOKING_URL: replicaPorts.slice(0, replicas).map((p) => `http://127.0.0.1:${p}`).join(','), UPSTREAM_DNS_REFRESH_MS: '0' } },
      stack.env,
      { port: benchGatewayPort },
    );
    const base = `http://127.0.0.1:${benchGatewayPort}`;
    const groups = { gateway: [gateway.pid], booking: [stack.children.get('booking').pid, ...extra.map((c) => c.pid)] };
    const measure = async (label, options) => {
      await autocannon({ ...options, duration: 2, connections: CONNECTIONS }); // warm-up
      const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, pids.reduce((s, pid) => s + groupCpuSeconds(pid), 0)]));
      const result = await autocannon({ ...options, duration: DURATION_S, connections: CONNECTIONS });
      const cpu = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, (pids.reduce((s, pid) => s + groupCpuSeconds(pid), 0) - before[k]) / DURATION_S]));
      const row = `| ${replicas} | ${label} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors + result.timeouts} | ${(cpu.booking * 100).toFixed(0)} % | ${(cpu.gateway * 100).toFixed(0)} % |`;
      rows.push(row);
      console.log(row);
    };
    let next = 0;
    await measure('bookings/s (create)', {
      url: `${base}/api/bookings/create`,
      method: 'POST',
      requests: [{ method: 'POST', headers, setupRequest: (request) => ({ ...request, body: bookingBody(slots[next++ % slots.length]) }) }],
    });
    slots.splice(0, next);
    await measure('catalogue req/s (list)', { url: `${base}/api/services` });
    await measure('catalogue req/s (search)', { url: `${base}/api/services?search=${encodeURIComponent('cleaning')}` });
    await gateway.stop();
  }
} finally {
  await Promise.all(extra.map((child) => child.stop()));
  await stop();
}

writeResults('replicas.md', [
  `# Booking replicas — ${new Date().toISOString()}`,
  '',
  machineLine('MariaDB + Redis'),
  `One gateway, booking x1/x2/x3 (round-robin), autocannon ${CONNECTIONS} connections, ${DURATION_S} s per row after a 2 s warm-up.`,
  'CPU: busy share of one core over the row (all booking replicas together; the gateway), from /proc.',
  '',
  '| booking replicas | load | req/s | p50 ms | p99 ms | non-2xx / errors | booking CPU | gateway CPU |',
  '|---:|---|---:|---:|---:|---:|---:|---:|',
  ...rows,
]);
