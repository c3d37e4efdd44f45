// Starts the built app once for the whole run, with the same stack module as `npm start`.
// With TEST_MYSQL_URL / TEST_REDIS_URL (CI) it runs the production profile on throwaway databases,
// queues and a local SMTP server; otherwise the embedded profile in a temporary DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { assertChromium, e2eLaunchOptions } from '../../scripts/lib/chromium.mjs';
import { startStack } from '../../scripts/lib/stack.mjs';
import { dropDatabases, dropQueueKeys } from '../../scripts/lib/throwaway-data.mjs';
import { startSmtpInbox } from './smtp-inbox.mjs';
import { E2E_PORT_OFFSET, STATE_FILE, SUPPORT_EMAIL } from './stack-state.mjs';

export default async function globalSetup() {
  assertChromium(e2eLaunchOptions.executablePath);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'khidma-e2e-'));
  const runId = crypto.randomBytes(4).toString('hex');
  const dataDir = path.join(tmp, 'data');
  // Info: every request's and job's lines (with their trace_id) reach the stack log, which the
  // tracing test reads; the log is a file, so the volume costs nothing on screen.
  const env = { ...process.env, DATA_DIR: dataDir, SUPPORT_EMAIL, LOG_LEVEL: process.env.LOG_LEVEL || 'info', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', RATE_LIMIT_SCALE: '1000' };
  const { TEST_MYSQL_URL, TEST_REDIS_URL } = process.env;
  if (TEST_MYSQL_URL) Object.assign(env, { DATABASE_URL: TEST_MYSQL_URL, DATABASE_NAME_PREFIX: `khidma_e2e_${runId}_` });
  let mailDir = path.join(dataDir, 'outbox');
  let smtp;
  if (TEST_REDIS_URL) {
    // Real profile: workers send through SMTP, which lands in a folder the tests read like the outbox.
    mailDir = path.join(tmp, 'smtp-inbox');
    smtp = await startSmtpInbox(mailDir);
    Object.assign(env, { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: `khidma-e2e-${runId}`, SMTP_URL: smtp.url });
  }

  // Kept after the run (beside the Playwright report) for when a test needs the server's side.
  fs.mkdirSync(path.dirname(STATE_FILE), { recursive: true });
  const log = path.join(path.dirname(STATE_FILE), 'stack.log');
  const logStream = fs.createWriteStream(log);
  console.log(`[e2e] starting the stack (${TEST_MYSQL_URL ? 'MySQL' : 'SQLite'}, ${TEST_REDIS_URL ? 'Redis + SMTP' : 'in-process jobs'}); log: ${log}`);
  let stack;
  try {
    stack = await startStack({ build: false, portOffset: E2E_PORT_OFFSET, env, write: (text) => logStream.write(text) });
  } catch (error) {
    await smtp?.close();
    throw error;
  }

  // Tests run in worker processes: they stop and start processes of this stack through a tiny
  // local control endpoint (POST /stop/<name>, POST /start/<name>).
  const control = http.createServer((req, res) => {
    const [, action, name] = req.url.split('/');
    const act = req.method === 'POST' && { stop: stack.stopOne, start: stack.startOne }[action];
    if (!act) return res.writeHead(404).end();
    Promise.resolve(act(name)).then(
      () => res.end('ok'),
      (error) => res.writeHead(500).end(error.message),
    );
  });
  await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlUrl = `http://127.0.0.1:${control.address().port}`;
  fs.writeFileSync(STATE_FILE, JSON.stringify({ url: stack.url, dataDir, mailDir, log, control: controlUrl }, null, 2));

  // Playwright runs the returned function as the global teardown.
  return async () => {
    control.close();
    await stack.stop();
    await smtp?.close();
    logStream.end();
    if (TEST_MYSQL_URL) await dropDatabases(TEST_MYSQL_URL, env.DATABASE_NAME_PREFIX);
    if (TEST_REDIS_URL) await dropQueueKeys(TEST_REDIS_URL, env.QUEUE_PREFIX);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}

