// `npm run bench:assistant -w bench`: replies per second and latency of the assistant's embedded
// engine (NLU + dialogue memory + message log, SQLite) at 10 connections. Starts the built assistant
// alone on port 3003+400 with a throwaway data folder and sends a rotation of English and Arabic
// questions that need no other service. Needs `npx nx run @khidma/assistant:build`. Prints a table
// (also bench/results/assistant.md). Measurements only, no pass/fail.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { machineLine, RESULTS_DIR, writeResults } from './lib/bench-stack.mjs';

const PORT = 3003 + 400;
const DURATION_S = 10;
const CONNECTIONS = 10;
const MESSAGES = [
  ['en', 'How do I pay?'],
  ['ar', 'ما هي سياسة الإلغاء؟'],
  ['en', 'hello'],
  ['ar', 'كيف أصبح مزود خدمة؟'],
  ['en', 'what categories do you have?'],
  ['en', 'tell me a joke'],
];

const data = fs.mkdtempSync(path.join(os.tmpdir(), 'khidma-bench-assistant-'));
fs.mkdirSync(RESULTS_DIR, { recursive: true });
const server = spawn(process.execPath, ['dist/main.js'], {
  cwd: path.resolve(import.meta.dirname, '../services/assistant'),
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: data, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', ASSISTANT_RATE_PER_IP: '1000000', ASSISTANT_RATE_PER_USER: '1000000', OPENAI_API_KEY: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${PORT}`;
try {
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('the assistant did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const requests = MESSAGES.map(([language, message], i) => ({
    method: 'POST',
    path: '/api/ai/chat',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, language, sessionId: `bench-session-${i}` }),
  }));
  await autocannon({ url, connections: CONNECTIONS, duration: 2, requests });
  // autocannon's own percentiles skip p95: every response time is kept and ranked here.
  const times = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const r = await instance;
  times.sort((a, b) => a - b);
  const p95 = times[Math.floor(times.length * 0.95)] ?? NaN;
  writeResults('assistant.md', [
    `# Assistant, embedded engine — ${new Date().toISOString()}`,
    '',
    machineLine('embedded profile (SQLite), assistant alone'),
    `POST /api/ai/chat, ${MESSAGES.length} English/Arabic questions in rotation, ${DURATION_S} s.`,
    '',
    '| connections | replies/s | p50 ms | p95 ms | p99 ms | non-2xx / errors |',
    '|---|---|---|---|---|---|',
    `| ${CONNECTIONS} | ${r.requests.average.toFixed(1)} | ${r.latency.p50} | ${p95.toFixed(1)} | ${r.latency.p99} | ${r.non2xx + r.errors + r.timeouts} |`,
  ]);
} finally {
  server.kill();
  fs.rmSync(data, { recursive: true, force: true });
}
