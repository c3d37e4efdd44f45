// Starts and stops the assembled app from the process table: build, seeds, services, static servers,
// then the gateway. One module for `npm start`, `npm run dev`, the e2e global setup and the bench.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { styleText } from 'node:util';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue', 'redBright', 'cyanBright', 'magentaBright', 'yellowBright', 'greenBright', 'blueBright'];
const TAIL_LINES = 30;
const READY_TIMEOUT_MS = 120_000;

/** Runs a command to completion with inherited output (build steps); throws on failure. */
export function run(command, { env = process.env, cwd = ROOT, quiet = false, label = `\`${command.join(' ')}\`` } = {}) {
  const result = spawnSync(command[0], command.slice(1), { cwd, env, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0) {
    const output = quiet ? `\n${(result.stdout ?? '') + (result.stderr ?? '')}`.trimEnd() : '';
    throw new Error(`${label} failed (exit ${result.status ?? result.signal})${output}`);
  }
}

export const portIsFree = (port) =>
  new Promise((resolve) => {
    const server = net.createServer().once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** One child in its own process group, so stopping it also stops what `npm run` started below it. */
class Child {
  constructor(spec, env, write, color) {
    this.spec = spec;
    this.tail = [];
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
    const prefix = styleText(color, `[${spec.name}]`.padEnd(16));
    this.proc = spawn(spec.command[0], spec.command.slice(1), {
      cwd: path.join(ROOT, spec.cwd),
      env: { ...env, ...spec.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.pid = this.proc.pid;
    let partial = '';
    const onData = (chunk) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const raw of lines) {
        // Dev servers clear the screen on start; in an interleaved log that would wipe the others.
        // eslint-disable-next-line no-control-regex -- ANSI escapes start with the ESC control character
        const line = raw.replace(/\x1b\[[\d;]*[HJ]|\x1bc/g, '');
        this.tail.push(line);
        write(`${prefix} ${line}\n`);
      }
      this.tail.splice(0, this.tail.length - TAIL_LINES);
    };
    this.proc.stdout.setEncoding('utf8').on('data', onData);
    this.proc.stderr.setEncoding('utf8').on('data', onData);
    this.proc.on('error', (error) => onData(`${error.message}\n`));
    this.proc.on('close', (code, signal) => {
      this.exitCode = code ?? signal;
      this.resolveExit(this.exitCode);
    });
  }

  get running() {
    return this.exitCode === undefined;
  }

  signal(name) {
    try {
      process.kill(-this.pid, name);
    } catch {
      // The group is already gone.
    }
  }

  /** SIGTERM to the whole group, SIGKILL after a grace period. */
  async stop(graceMs = 5_000) {
    this.stopping = true;
    if (!this.running) return;
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
    // `npm run` may exit before its child: make sure nothing of the group survives.
    this.signal('SIGKILL');
  }

  failure(reason) {
    return new Error(`${this.spec.name} ${reason}. Its last output:\n${this.tail.join('\n') || '(none)'}`);
  }
}

/** Resolves when `url` answers 200; rejects when the child exits first or the timeout passes. */
async function waitReady(child, url) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!child.running) throw child.failure(`exited (${child.exitCode}) while starting`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw child.failure(`did not answer 200 on ${url} within ${READY_TIMEOUT_MS / 1000} s`);
}

/**
 * @param {object} options
 * @param {boolean} [options.dev]    rsbuild dev servers and watched services instead of the production build
 * @param {boolean} [options.build]  run the Nx build first (cached, so cheap when nothing changed)
 * @param {number} [options.portOffset]
 * @param {Record<string,string|undefined>} [options.env]  the environment every process gets
 * @param {(text: string) => void} [options.write]  where the prefixed output goes
 * @param {AbortSignal} [options.signal]  aborts the start-up (stopping what was launched)
 */
export async function startStack({ dev = false, build = true, portOffset = 0, env = process.env, write = (t) => process.stdout.write(t), signal } = {}) {
  if (build) {
    // Dev serves the frontends from rsbuild dev, so only the packages and services need compiling.
    const exclude = dev ? ['--exclude=@khidma/shell,@khidma/mfe-*,@khidma/e2e,@khidma/bench'] : [];
    run(['npx', 'nx', 'run-many', '-t', 'build', '--outputStyle=static', ...exclude], { env });
  }
  signal?.throwIfAborted();
  const { processTable } = await import('./processes.mjs');
  const table = processTable({ dev, portOffset, redis: Boolean(env.REDIS_URL) });

  const dataDir = path.resolve(ROOT, env.DATA_DIR || 'var');
  const common = {
    ...env,
    // Every process runs in its own folder: an absolute DATA_DIR keeps one var/ for the whole stack.
    DATA_DIR: dataDir,
    HOST: env.HOST || '127.0.0.1',
    PUBLIC_URL: env.PUBLIC_URL || table.url,
    NODE_ENV: env.NODE_ENV || (dev ? 'development' : 'production'),
  };

  // A taken port would make a static server silently move elsewhere, or the gateway crash late.
  const busy = [];
  for (const spec of table.processes) if (spec.port && !(await portIsFree(spec.port))) busy.push(`${spec.name} (${spec.port})`);
  if (busy.length) throw new Error(`Ports already in use: ${busy.join(', ')}. Stop the other stack or set PORT_OFFSET.`);

  for (const seed of table.seeds) run(seed.command, { env: common, cwd: path.join(ROOT, seed.cwd), quiet: true, label: seed.name });
  signal?.throwIfAborted();

  const children = new Map();
  const stop = async () => {
    // Gateway first, so nothing reaches half-stopped upstreams; then everything at once.
    await children.get('gateway')?.stop();
    await Promise.all([...children.values()].map((child) => child.stop()));
  };

  // Any process that exits before the gateway is ready fails the start with its name and output.
  let starting = true;
  let failStartup;
  const startupFailure = new Promise((_, reject) => (failStartup = reject));
  startupFailure.catch(() => {});
  signal?.addEventListener('abort', () => failStartup(new Error('start-up interrupted')));
  const launch = (spec) => {
    const child = new Child(spec, common, write, COLORS[children.size % COLORS.length]);
    children.set(spec.name, child);
    child.exited.then((code) => {
      if (starting) failStartup(child.failure(`exited (${code}) while starting`));
      // Later exits are reported, not fatal: the gateway answers 503 for what is missing.
      else if (!child.stopping) write(`${styleText('red', `[${spec.name}] exited (${code}); the other processes keep running`)}\n`);
    });
  };
  const ready = (specs) =>
    Promise.race([
      Promise.all(specs.filter((s) => s.ready).map((s) => waitReady(children.get(s.name), `http://127.0.0.1:${s.port}${s.ready}`))),
      startupFailure,
    ]);

  try {
    const upstreams = table.processes.filter((spec) => spec.kind !== 'gateway');
    const gateway = table.processes.filter((spec) => spec.kind === 'gateway');
    upstreams.forEach(launch);
    await ready(upstreams);
    gateway.forEach(launch);
    await ready(gateway);
    starting = false;
  } catch (error) {
    starting = false;
    await stop();
    throw error;
  }

  return {
    url: table.url,
    ports: table.ports,
    dataDir,
    children,
    /** The environment every process got, and the table: to start one more replica alike (startProcess). */
    env: common,
    processes: table.processes,
    /** Stops one process by name (e.g. a remote's static server, for the "remote down" test). */
    stopOne: (name) => children.get(name)?.stop(),
    /** (Re)starts one process by name and waits until it answers. */
    startOne: async (name) => {
      const spec = table.processes.find((s) => s.name === name);
      if (!spec) throw new Error(`no process named ${name}`);
      await children.get(name)?.stop();
      launch(spec);
      if (spec.ready) await waitReady(children.get(name), `http://127.0.0.1:${spec.port}${spec.ready}`);
    },
    stop,
  };
}

/**
 * Starts one process of the table on its own (a replica, in the fault test) and waits until it
 * answers on `port` (default: the spec's). Returns the child: `signal('SIGKILL')`, `stop()`, `exited`.
 */
export async function startProcess(spec, env, { port = spec.port, write = () => {}, color = 'cyan' } = {}) {
  const child = new Child({ ...spec, port, env: { ...spec.env, ...(port && { PORT: String(port) }) } }, env, write, color);
  if (spec.ready) await waitReady(child, `http://127.0.0.1:${port}${spec.ready}`);
  return child;
}
