// `npm test`: build, lint and typecheck every project, their Jest suites, then the Playwright e2e on the
// assembled app with the Jest suites again beside it on a shifted clock and zone. TEST_MYSQL_URL / TEST_REDIS_URL pass through untouched (Jest suites and the e2e
// stack use them; nx.json keys the test cache on them). Ends with exactly one line "N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { ROOT } from './lib/stack.mjs';

const JEST_REPORT = 'jest.json';
/** The shifted run's zone and its local start time: 2027-03-12 20:30 UTC, a Friday 23:30 in Asia/Amman. */
const SHIFTED_ZONE = 'America/Los_Angeles';
const SHIFTED_LOCAL_TIME = '2027-03-12 12:30:00';
const SHIFTED_UTC_MINUTE = '2027-03-12T20:30';
/**
 * Projects whose tests pin the instant and the zone themselves (the frontends: web-kit's TEST_NOW and
 * TEST_ZONE): on the shifted clock they would run the very same tests again, so that pass leaves them out.
 */
const PINNED_CLOCK_PROJECTS = 'tag:clock:pinned';
const PLAYWRIGHT_JSON = path.join(ROOT, 'e2e/test-results/playwright.json');

const counts = { passed: 0, failed: 0 };
const failures = [];
const record = (ok, label) => {
  counts[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(label);
};

/** How long each step took, printed before the result line so a slow CI run shows where its time went. */
const stepTimes = [];
async function timed(label, step) {
  const started = performance.now();
  try {
    return await step();
  } finally {
    stepTimes.push(`${label} ${Math.round((performance.now() - started) / 1000)} s`);
  }
}

/**
 * Runs an Nx command, streaming its output (or, with `hold`, printing it in one block when it ends, so
 * a step running beside another stays readable) and keeping a copy to read the failed tasks from.
 */
function nx(args, { env = process.env, wrapper = [], hold = false } = {}) {
  // Nx's own options go before `--`; what follows it is passed on to every task.
  const separator = args.includes('--') ? args.indexOf('--') : args.length;
  const command = [
    'nx',
    ...args.slice(0, separator),
    '--outputStyle=static',
    ...args.slice(separator),
  ];
  return new Promise((resolve) => {
    const [program, ...rest] = [...wrapper, 'npx', ...command];
    const child = spawn(program, rest, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (!hold) process.stdout.write(chunk);
    });
    child.on('close', (status) => {
      if (hold) process.stdout.write(output);
      resolve({ status, output });
    });
  });
}

const quiet = (command) =>
  spawnSync(command[0], command.slice(1), { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 })
    .stdout;
/** Nx's `--exclude` options for project patterns (names, globs, `tag:…`). */
const excluding = (patterns) => patterns.map((pattern) => `--exclude=${pattern}`);
const projectsWith = (target, exclude = []) => {
  const command = ['npx', 'nx', 'show', 'projects', '--withTarget', target, ...excluding(exclude)];
  return JSON.parse(quiet([...command, '--json']));
};
// Nx projects are the npm workspaces: their folders come from npm in one call.
const roots = Object.fromEntries(
  JSON.parse(quiet(['npm', 'query', '.workspace'])).map((w) => [w.name, w.location]),
);

/** Nx lists the tasks that failed after "Failed tasks:" as "- project:target" (coloured in CI). */
const failedTasks = (output) =>
  new Set(
    [...stripVTControlCharacters(output).matchAll(/^\s*-\s+(\S+:\S+)\s*$/gm)].map((m) => m[1]),
  );

// 1. Build, lint and typecheck: one check per project and target.
const checks = ['build', 'lint', 'typecheck'];
const checkRun = await timed('build, lint, typecheck', () => nx(['run-many', '-t', ...checks]));
const failedChecks = failedTasks(
  checkRun.output.slice(checkRun.output.lastIndexOf('Failed tasks')),
);
for (const target of checks)
  for (const project of projectsWith(target))
    record(!failedChecks.has(`${project}:${target}`), `${project}:${target}`);
if (checkRun.status !== 0 && failedChecks.size === 0)
  record(false, 'nx run-many build lint typecheck (see output above)');

/**
 * Runs the Jest suites of every project through Nx (`run`: nx()'s env and wrapper) and counts their
 * JSON reports, each written to `reportName` in the project's test-results folder.
 */
async function jestPass({ reportName, label = '', nxArgs = [], exclude = [], ...run }) {
  const testProjects = projectsWith('test', exclude).map((project) => ({
    project,
    report: path.join(ROOT, roots[project], 'test-results', reportName),
  }));
  for (const { report } of testProjects) {
    // Jest does not create the report's folder; a stale report must not count.
    fs.rmSync(report, { force: true });
    fs.mkdirSync(path.dirname(report), { recursive: true });
  }
  await nx(
    [
      'run-many',
      '-t',
      'test',
      ...nxArgs,
      ...excluding(exclude),
      '--',
      '--json',
      `--outputFile=test-results/${reportName}`,
    ],
    run,
  );
  for (const { project, report } of testProjects) {
    if (!fs.existsSync(report)) {
      record(false, `${label}${project}:test (no Jest report: the suite did not run)`);
      continue;
    }
    const jest = JSON.parse(fs.readFileSync(report, 'utf8'));
    counts.passed += jest.numPassedTests;
    counts.failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
    for (const suite of jest.testResults) {
      for (const test of suite.assertionResults ?? [])
        if (test.status === 'failed') failures.push(`${label}${project}: ${test.fullName}`);
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).length)
        failures.push(`${label}${project}: ${path.relative(ROOT, suite.name)} did not run`);
    }
  }
}

// 2. Jest suites of every project, each writing its JSON report (cached and restored by Nx with it).
await timed('Jest', () => jestPass({ reportName: JEST_REPORT }));

// 3. The same suites again on another day and in another zone: no test may depend on either. libfaketime
// starts the clock of every process of the run at a Friday 23:30 in Asia/Amman (its '@' restarts it in
// each new process: half an hour before the marketplace's midnight, whatever the run's length) while
// the machine's zone is Los Angeles (still Friday noon there). It runs the
// embedded profile, whose database clock is the process's own: a MySQL server's clock cannot be moved.
async function shiftedClockPass() {
  if (spawnSync('faketime', ['--version']).error) {
    record(false, 'shifted clock: faketime not found (apt-get install -y faketime)');
    return;
  }
  const { TEST_MYSQL_URL: _mysql, TEST_REDIS_URL: _redis, ...embedded } = process.env;
  // Nx itself runs on the shifted clock too, and at the end of every run it deletes cache entries more
  // than a week old: in 2027 that is every entry of the real-clock runs, so the next build and Jest
  // pass would redo everything. This pass keeps its own cache and task database instead.
  const shiftedNxData = path.join(os.homedir(), '.nx', 'khidma-shifted-clock');
  const env = {
    ...embedded,
    TZ: SHIFTED_ZONE,
    NX_CACHE_DIRECTORY: path.join(shiftedNxData, 'cache'),
    NX_WORKSPACE_DATA_DIRECTORY: path.join(shiftedNxData, 'workspace-data'),
  };
  // '@' starts the clock there and lets it run (a frozen clock would stop every timer).
  const faketime = ['faketime', '-f', `@${SHIFTED_LOCAL_TIME}`];
  // The pass proves something only if Node really sees the shifted clock.
  const [program, ...args] = [
    ...faketime,
    process.execPath,
    '-e',
    'process.stdout.write(new Date().toISOString())',
  ];
  const seen = spawnSync(program, args, { env, encoding: 'utf8' }).stdout;
  record(
    seen.startsWith(SHIFTED_UTC_MINUTE),
    `shifted clock: Node reads ${seen || 'nothing'}, not ${SHIFTED_UTC_MINUTE}`,
  );
  await jestPass({
    reportName: 'jest-shifted-clock.json',
    label: 'shifted clock: ',
    // Step 1 built everything; its builds must not be redone under the shifted clock.
    nxArgs: ['--excludeTaskDependencies'],
    exclude: [PINNED_CLOCK_PROJECTS],
    env,
    // It runs beside the e2e (step 4) on the lowest CPU priority: the browser and the stack keep the
    // cores they ask for, and this pass uses what they leave idle (a fifth to a half of two cores on a
    // fast machine, little on a slow one: docs/testing-time.md) instead of running after them. Its
    // output comes as one block when it ends.
    wrapper: ['nice', '-n', '19', ...faketime],
    hold: true,
  });
}

// 4. Playwright on the assembled app (its global setup starts the built stack).
fs.rmSync(PLAYWRIGHT_JSON, { force: true });
await Promise.all([
  timed('Jest on the shifted clock (beside Playwright)', shiftedClockPass),
  timed('Playwright', () => nx(['run', '@khidma/e2e:e2e'])),
]);
if (fs.existsSync(PLAYWRIGHT_JSON)) {
  const report = JSON.parse(fs.readFileSync(PLAYWRIGHT_JSON, 'utf8'));
  // Counted per test from the tree, so a run cut short counts what did not run as failed; only
  // tests skipped on purpose (test.skip / test.fixme) are left out. A test that passed only on its
  // retry counts as passed, but is named: it fails sometimes.
  const flaky = [];
  // What the failed attempt said (its error, cut short): the only trace of it a CI log keeps.
  const firstFailure = (test) => {
    const failed = test.results.find((result) => result.status !== 'passed');
    const lines = stripVTControlCharacters(failed?.error?.message ?? 'no error recorded').split('\n').filter((line) => line.trim());
    return lines.slice(0, 16).map((line) => `      ${line}`).join('\n');
  };
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const intended = test.annotations?.some((a) => a.type === 'skip' || a.type === 'fixme');
        if (test.status === 'skipped' && intended) continue;
        const title = `e2e: ${[...titles, spec.title].filter(Boolean).join(' › ')}`;
        record(test.status === 'expected' || test.status === 'flaky', title);
        if (test.status === 'flaky') flaky.push(`${title}\n${firstFailure(test)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  if (flaky.length) console.log(`\nPassed only on retry (flaky):\n${flaky.map((f) => `  - ${f}`).join('\n')}`);
  // Errors outside any test (e.g. the global setup could not start the stack).
  for (const error of report.errors ?? []) record(false, `e2e: ${error.message?.split('\n')[0]}`);
} else {
  record(false, 'e2e (no Playwright report: the run did not start)');
}

console.log(`\nStep times: ${stepTimes.join(' · ')}`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed ? 1 : 0);
