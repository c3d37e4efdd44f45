import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * The environment of a server a test starts as an outside system: on the machine's real clock, as a
 * real Redis would be. libfaketime (the shifted-clock test run) is for our own processes, and
 * redis-server cannot even start under it.
 */
const realClockEnv = (): NodeJS.ProcessEnv => {
  const { LD_PRELOAD, ...env } = process.env;
  const preload = LD_PRELOAD?.split(/[:\s]+/).filter((library) => library && !library.includes('faketime'));
  return preload?.length ? { ...env, LD_PRELOAD: preload.join(':') } : env;
};

/**
 * A private `redis-server` of a test (the binary must be installed, as it is in CI), so a test can
 * stop and restart Redis without touching the shared one. Nothing is persisted: a restart is empty.
 */
export async function startRedisServer() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
      env: realClockEnv(),
    });
    child = started;
    const failed = once(started, 'error').then(([error]) => {
      throw new Error(`redis-server could not start: ${(error as Error).message}`);
    });
    failed.catch(() => undefined); // a late error is reported by the next start, not as unhandled
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (await Promise.race([accepts(port), failed])) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not listen on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
