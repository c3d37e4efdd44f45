// Every operation of the gateway's OpenAPI document fuzzed from its own schemas (docs/security.md,
// "Fuzzing"), as a visitor and as each role: no 5xx, every error an ApiErrorBody, every success the
// documented status with a body that matches its documented schema. Fixed seed, bounded count and time.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { DEMO_ACCOUNTS, PROVIDER_USERS } from '@khidma/demo-data';
import { signUpByApi } from '../support/booking.mjs';
import { answerProblems, HTTP_METHODS, requestArbitrary, responseValidator } from '../support/fuzz.mjs';
import { RESULTS_DIR } from '../support/stack-state.mjs';

const SEED = Number(process.env.FUZZ_SEED ?? 20261116);
/** Requests per operation and role; the time budget below cuts later rounds short, never the first. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 120_000);
const CONCURRENCY = 4;

/** Operations not fuzzed, each with its reason. */
const NOT_FUZZED = {
  // An event stream never ends: a request would only ever time out (gateway-event-stream.spec covers it).
  'GET /api/notifications/stream': 'server-sent event stream',
};

/**
 * The provider is one of the seeded independent providers no other e2e test signs in as, so a
 * schedule or service the fuzzer manages to save disturbs nobody; the client signs up afresh.
 */
const PROVIDER = PROVIDER_USERS.at(-1);

async function login(baseURL, { email, password }) {
  const res = await fetch(new URL('/api/auth/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, `login of ${email}`).toBe(200);
  return (await res.json()).accessToken;
}

/** One request with fetch (no cookie jar: a fuzzed logout cannot end the session it runs under). */
async function send(baseURL, method, { url, body }, token) {
  const headers = { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const init = { method: method.toUpperCase(), headers, redirect: 'manual', signal: AbortSignal.timeout(15_000) };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  try {
    const res = await fetch(new URL(url, baseURL), init);
    const text = await res.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (an image, a page): the checks see the text.
    }
    return { status: res.status, body: parsed };
  } catch (error) {
    // fetch's TypeError says only "fetch failed"; its cause names what the socket saw.
    const cause = error.cause ? ` (${error.cause.code ?? error.cause.name}: ${error.cause.message})` : '';
    return { status: 599, body: { code: `no_answer: ${error.name}${cause}` } };
  }
}

test('every operation of the OpenAPI document, fuzzed as a visitor and as each role', async ({ request, baseURL }) => {
  test.setTimeout(BUDGET_MS + 120_000);
  const docRes = await fetch(new URL('/api/docs/openapi.json', baseURL));
  expect(docRes.status).toBe(200);
  const document = await docRes.json();
  expect(document.info.description, 'every service is in the document').not.toMatch(/Unavailable/);

  const roles = {
    anonymous: undefined,
    client: (await signUpByApi(request, 'en', 'fuzz')).accessToken,
    provider: await login(baseURL, PROVIDER),
    admin: await login(baseURL, DEMO_ACCOUNTS.admin),
  };
  const validate = responseValidator(document);

  const operations = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const name = `${method.toUpperCase()} ${route}`;
      if (NOT_FUZZED[name]) continue;
      operations.push({ name, method, operation, arbitrary: requestArbitrary(document, route, item, operation) });
    }
  }
  expect(operations.length).toBeGreaterThan(50);

  // Round r sends the r-th sample of every (operation, role): a cut budget still leaves each one tried.
  const samples = new Map();
  operations.forEach(({ name, arbitrary }, index) => {
    Object.keys(roles).forEach((role, r) => samples.set(`${name}|${role}`, fc.sample(arbitrary, { seed: SEED + index * 8 + r, numRuns: RUNS })));
  });
  const stats = new Map(operations.map(({ name }) => [name, { requests: 0, failures: [] }]));
  const started = Date.now();
  let rounds = 0;
  for (let round = 0; round < RUNS; round++) {
    if (round > 0 && Date.now() - started > BUDGET_MS) break;
    const jobs = operations.flatMap((op) => Object.entries(roles).map(([role, token]) => ({ op, role, token, sample: samples.get(`${op.name}|${role}`)[round] })));
    for (let i = 0; i < jobs.length; i += CONCURRENCY) {
      await Promise.all(
        jobs.slice(i, i + CONCURRENCY).map(async ({ op, role, token, sample }) => {
          const { status, body } = await send(baseURL, op.method, sample, token);
          const entry = stats.get(op.name);
          entry.requests++;
          for (const problem of answerProblems({ operation: op.operation, status, body, validate })) {
            entry.failures.push({ role, request: `${op.method.toUpperCase()} ${sample.url.slice(0, 200)}`, body: JSON.stringify(sample.body)?.slice(0, 300), problem: problem.slice(0, 400) });
          }
        }),
      );
    }
    rounds++;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  const rows = [...stats].map(([name, { requests, failures }]) => `| ${name} | ${requests} | ${failures.length} |`);
  const requests = [...stats.values()].reduce((sum, s) => sum + s.requests, 0);
  const failures = [...stats].flatMap(([name, s]) => s.failures.map((f) => ({ operation: name, ...f })));
  const table = [
    `Fuzz (seed ${SEED}, ${rounds}/${RUNS} rounds, roles ${Object.keys(roles).join(', ')}, ${seconds} s): ${operations.length} operations x ${requests} requests x ${failures.length} failures`,
    `Not fuzzed: ${Object.entries(NOT_FUZZED).map(([name, why]) => `${name} (${why})`).join('; ')}`,
    '',
    '| operation | requests | failures |',
    '| --- | ---: | ---: |',
    ...rows,
  ].join('\n');
  console.log(table);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, 'fuzz.md'), `${table}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'fuzz-failures.json'), JSON.stringify(failures, null, 2));

  // One example per operation and problem keeps the report readable.
  const seen = new Set();
  const examples = failures.filter((f) => {
    const key = `${f.operation}|${f.problem.slice(0, 60)}`;
    return !seen.has(key) && seen.add(key);
  });
  expect(examples).toEqual([]);
});
