// `npm run bench:signin -w bench`: e-mail sign-in throughput through the gateway on the real profile
// (MariaDB + Redis), argon2id verification included. Starts the production build on ports +400 with
// throwaway databases and queue keys, signs the demo client in over and over with autocannon, and
// prints a table (also bench/results/signin.md). Measurements only, no pass/fail.
//   --no-build  reuse the current build
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '@khidma/demo-data';
import { machineLine, startBenchStack, writeResults } from './lib/bench-stack.mjs';

const DURATION_S = 10;
const { stack, stop } = await startBenchStack({ name: 'signin', portOffset: 400, profile: 'real' });

const { client } = DEMO_ACCOUNTS;
const body = JSON.stringify({ email: client.email, password: client.password });
const rows = [];
try {
  for (const connections of [1, 4, 10]) {
    const result = await autocannon({
      url: `${stack.url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      connections,
      duration: DURATION_S,
    });
    rows.push(
      `| ${connections} | ${result.requests.average.toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors + result.timeouts} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await stop();
}

writeResults('signin.md', [
  `# Sign-in throughput — ${new Date().toISOString()}`,
  '',
  machineLine('MariaDB + Redis'),
  `POST /api/auth/login through the gateway (demo client; argon2id m=19456 KiB, t=2, p=1), ${DURATION_S} s per row.`,
  '',
  '| connections | sign-ins/s | p50 ms | p99 ms | non-2xx / errors |',
  '|---:|---:|---:|---:|---:|',
  ...rows,
]);
