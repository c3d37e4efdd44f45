// What the global setup hands to the tests (they run in other processes): URLs, folders, control.
import fs from 'node:fs';
import path from 'node:path';

/** Ports of the e2e stack: defaults +100; set E2E_PORT_OFFSET to run two e2e stacks side by side. */
export const E2E_PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 100);
/** The stack's support address: the contact test looks for mail to it. */
export const SUPPORT_EMAIL = 'support-e2e@khidma.test';
/**
 * Where a run keeps its stack state, the stack's log and Playwright's results. E2E_RESULTS_DIR gives a
 * second run (with its own E2E_PORT_OFFSET) its own folder, so the two do not read each other's stack.
 */
export const RESULTS_DIR = path.resolve(process.env.E2E_RESULTS_DIR || path.join(import.meta.dirname, '../test-results'));
export const STATE_FILE = path.join(RESULTS_DIR, 'stack.json');

/** @returns {{ url: string, dataDir: string, mailDir: string, log: string, control: string }} */
export const readStackState = () => JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));

/** Stops or (re)starts one process of the e2e stack, e.g. a remote's static server. */
export async function controlStack(action, name) {
  const res = await fetch(`${readStackState().control}/${action}/${name}`, { method: 'POST' });
  if (!res.ok) throw new Error(`${action} ${name}: ${res.status} ${await res.text()}`);
}
