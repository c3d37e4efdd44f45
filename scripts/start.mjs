// `npm start` / `npm run dev`: build, seed and run the whole app on one URL, no MySQL, Redis or
// browser needed (embedded profile unless DATABASE_URL / REDIS_URL / SMTP_URL are set).
//   --dev       rsbuild dev servers (HMR) and services recompiled + restarted on change
//   --no-build  skip the Nx build (CI and e2e build once beforehand)
//   PORT_OFFSET shifts every port, so a second stack can run beside this one
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { styleText } from 'node:util';
import { ROOT, startStack } from './lib/stack.mjs';

const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const build = !args.has('--no-build');

if (fs.existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));
const portOffset = Number(process.env.PORT_OFFSET ?? 0);
if (!Number.isInteger(portOffset) || portOffset < 0) {
  console.error(`PORT_OFFSET must be a non-negative integer, got "${process.env.PORT_OFFSET}"`);
  process.exit(2);
}

// A signal during start-up aborts it (startStack stops what it launched); afterwards it stops the stack.
const interrupted = new AbortController();
let stack;
const shutdown = async (signal) => {
  if (interrupted.signal.aborted) return;
  interrupted.abort();
  console.log(`\n${signal}: stopping every process…`);
  await stack?.stop();
  process.exit(128 + os.constants.signals[signal]);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(signal));
// `npm start` runs us under `sh -c`, which does not pass on a SIGTERM that npm forwards: when our
// parent goes away, stop as if signalled rather than leave the stack running unowned.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void shutdown('SIGTERM'), 1_000).unref();

try {
  stack = await startStack({ dev, build, portOffset, signal: interrupted.signal });
} catch (error) {
  if (interrupted.signal.aborted) await new Promise(() => {}); // shutdown() exits
  console.error(styleText('red', `\nKhidma did not start: ${error.message}`));
  process.exit(1);
}

const { DEMO_ACCOUNTS } = await import('@khidma/demo-data');
const mail = process.env.SMTP_URL
  ? `sent through ${new URL(process.env.SMTP_URL).host}`
  : `written to ${path.relative(process.cwd(), path.join(stack.dataDir, 'outbox')) || '.'}/*.eml`;
console.log(
  [
    '',
    styleText('bold', `Khidma is running at ${styleText('green', stack.url)}`),
    ...(dev ? [`Dev: services restart on change; for HMR open the shell's dev server http://localhost:${stack.ports.shell} (it proxies /api, /remotes.json and /mfe to the gateway).`] : []),
    '',
    'Demo accounts:',
    ...Object.values(DEMO_ACCOUNTS).map((a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`),
    '',
    `E-mails are ${mail}.`,
    'Press Ctrl-C to stop.',
    '',
  ].join('\n'),
);
