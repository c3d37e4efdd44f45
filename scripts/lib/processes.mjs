// The one table of Khidma's processes, used by `npm start`, `npm run dev`, the e2e stack and the bench.
// Imported after the build: ports and names come from @khidma/contracts' compiled output.
import { DEFAULT_PORTS, REMOTE_NAMES } from '@khidma/contracts';

/** The workspace folder of a frontend app, e.g. mfe_admin -> mfe-admin. */
const appDir = (name) => name.replace('_', '-');

/**
 * @typedef {object} ProcessSpec
 * @property {string} name         prefix in the output and key for stopping one process
 * @property {'seed'|'service'|'worker'|'frontend'|'gateway'} kind
 * @property {string} cwd          workspace folder, relative to the repository root
 * @property {string[]} command    argv; `npm run` keeps each app's own script the source of truth
 * @property {number} [port]
 * @property {string} [ready]      path answering 200 once the process serves
 * @property {Record<string,string>} [env]
 */

/**
 * @param {{ dev?: boolean, portOffset?: number, redis?: boolean }} options
 * @returns {{ seeds: ProcessSpec[], processes: ProcessSpec[], ports: Record<string, number>, url: string }}
 */
export function processTable({ dev = false, portOffset = 0, redis = false } = {}) {
  const ports = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([name, port]) => [name, port + portOffset]));
  const local = (port) => `http://127.0.0.1:${port}`;
  const npmRun = (script) => ['npm', 'run', '--silent', script];

  const service = (name, port) => ({
    name,
    kind: 'service',
    cwd: `services/${name}`,
    // Dev: tsc rewrites dist on change and `node --watch` restarts on the rewritten files.
    command: dev ? ['node', '--watch', 'dist/main.js'] : npmRun('start'),
    port,
    ready: '/readyz',
    // Every service verifies tokens against identity's keys: on shifted ports too.
    env: { PORT: String(port), IDENTITY_JWKS_URL: `${local(ports.identity)}/.well-known/jwks.json` },
  });
  const compilers = dev
    ? ['identity', 'booking', 'assistant', 'gateway', ...(redis ? ['mailer'] : [])].map((name) => ({
        name: `tsc:${name}`,
        kind: 'worker',
        cwd: `services/${name}`,
        command: ['npx', 'tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'],
      }))
    : [];
  // With Redis the jobs leave the HTTP processes for separately scalable workers; without it every
  // service runs its jobs in-process (ARCHITECTURE.md §4), so there is nothing to start.
  const workers = redis
    ? [
        { name: 'mailer', kind: 'worker', cwd: 'services/mailer', command: dev ? ['node', '--watch', 'dist/main.js'] : npmRun('start') },
        {
          name: 'notifications',
          kind: 'worker',
          cwd: 'services/booking',
          command: dev ? ['node', '--watch', 'dist/notifications-worker.main.js'] : npmRun('start:worker'),
        },
      ]
    : [];
  const frontends = ['shell', ...REMOTE_NAMES].map((name) => ({
    name: appDir(name),
    kind: 'frontend',
    cwd: appDir(name),
    // `serve` (sirv) takes PORT from the environment; `rsbuild dev` takes --port.
    command: dev ? [...npmRun('dev'), '--', '--port', String(ports[name])] : npmRun('serve'),
    port: ports[name],
    ready: '/',
    // sirv listens on every interface unless told otherwise; like the services, stay on loopback.
    env: { PORT: String(ports[name]), HOST: '127.0.0.1', KHIDMA_GATEWAY_URL: local(ports.gateway) },
  }));
  const gateway = {
    ...service('gateway', ports.gateway),
    kind: 'gateway',
    env: {
      PORT: String(ports.gateway),
      IDENTITY_URL: local(ports.identity),
      BOOKING_URL: local(ports.booking),
      ASSISTANT_URL: local(ports.assistant),
      SHELL_ORIGIN: local(ports.shell),
      ...Object.fromEntries(REMOTE_NAMES.map((name) => [`${name.toUpperCase()}_ORIGIN`, local(ports[name])])),
    },
  };

  const booking = service('booking', ports.booking);
  // Booking changes a user's role through identity's admin API when an admin approves a provider.
  booking.env.IDENTITY_URL = local(ports.identity);

  return {
    seeds: ['identity', 'booking'].map((name) => ({ name: `seed:${name}`, kind: 'seed', cwd: `services/${name}`, command: npmRun('seed') })),
    processes: [
      ...compilers,
      service('identity', ports.identity),
      booking,
      // The assistant acts through the public API, i.e. this stack's gateway.
      { ...service('assistant', ports.assistant), env: { ...service('assistant', ports.assistant).env, GATEWAY_URL: local(ports.gateway) } },
      ...workers,
      ...frontends,
      gateway,
    ],
    ports,
    url: `http://localhost:${ports.gateway}`,
  };
}
