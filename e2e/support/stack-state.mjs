// What the global setup hands to the tests (they run in other processes): URLs, folders and pids.
import fs from 'node:fs';
import path from 'node:path';

export const E2E_PORT_OFFSET = 100;
/** The stack's support address: the contact test looks for mail to it. */
export const SUPPORT_EMAIL = 'support-e2e@khidma.test';
export const STATE_FILE = path.resolve(import.meta.dirname, '../test-results/stack.json');

/** @returns {{ url: string, dataDir: string, mailDir: string, log: string, pids: Record<string, number> }} */
export const readStackState = () => JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));

/** Stops one process of the e2e stack (its whole process group), e.g. a remote's static server. */
export function stopStackProcess(name) {
  const pid = readStackState().pids[name];
  if (!pid) throw new Error(`no process named ${name} in the e2e stack`);
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already stopped.
  }
}
