// What the catalogue benchmarks share: the processes they start (booking, the gateway, the anchor),
// and the statements booking sends per scenario, read from MariaDB's general log.
import { spawn } from 'node:child_process';

/**
 * Starts node processes whose output goes to `log`, waits for their readiness URL and stops them all.
 * `logName` is the log's file name, for the error that says where to look.
 */
export function processGroup(log, logName) {
  let children = [];
  const start = (name, args, cwd, env) => {
    const child = spawn('node', args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => log.write(`[${name}] ${chunk}`));
    child.stderr.on('data', (chunk) => log.write(`[${name}] ${chunk}`));
    children.push(child);
    return child;
  };
  const stopAll = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    }
    children = [];
  };
  const waitFor = async (target, child, timeoutMs = 120_000) => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
      if (child.exitCode !== null) throw new Error(`${target}: the process exited; see bench/results/${logName}`);
      try {
        if ((await fetch(target)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`${target} did not answer in time`);
  };
  return { start, stopAll, waitFor };
}

/** Waits until no statement runs on `database` (requests a load run left queued have finished). */
export async function untilIdle(admin, database) {
  for (;;) {
    const [[busy]] = await admin.query("SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND COMMAND = 'Query'", [database]);
    if (Number(busy.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Sends one request per scenario (`[name, query]`) to `base` with the general log on and returns, per
 * scenario, the statements on `services` or the search terms booking sent for it (as `account`, when given: other clients
 * of the same server are left out). Waits first for requests a load run left queued, so their
 * statements are not taken for the scenario's.
 */
export async function capturedStatements(admin, database, base, scenarios, account) {
  await untilIdle(admin, database);
  const [[previous]] = await admin.query('SELECT @@GLOBAL.log_output AS output, @@GLOBAL.general_log AS enabled');
  await admin.query("SET GLOBAL log_output = 'TABLE'");
  await admin.query('TRUNCATE mysql.general_log');
  await admin.query('SET GLOBAL general_log = 1');
  try {
    for (const [index, [name, query]] of scenarios.entries()) {
      await admin.query(`SELECT ${index} AS bench_scenario`);
      const response = await fetch(base + query);
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    }
  } finally {
    await admin.query(`SET GLOBAL general_log = ${previous.enabled ? 1 : 0}`);
    await admin.query('SET GLOBAL log_output = ?', [previous.output]);
  }
  // The log table (CSV engine) returns rows in the order they were written.
  // A request's statements read the services, the term rows, or the counter rows its totals are summed from.
  // The categories' provider counts (`… ) pairs GROUP BY …`) are reloaded every 10 s, not per request:
  // whichever scenario happens to trigger a reload does not own them.
  const [logged] = await admin.query(
    "SELECT CONVERT(argument USING utf8mb4) AS sql_text, CONVERT(user_host USING utf8mb4) AS user_host FROM mysql.general_log WHERE command_type = 'Query'",
  );
  const statements = scenarios.map(() => []);
  let current;
  for (const { sql_text: sql, user_host: userHost } of logged) {
    const marker = /^SELECT (\d+) AS bench_scenario$/.exec(sql);
    if (marker) current = statements[Number(marker[1])];
    // user_host reads "name[name] @ host [address]".
    else if (
      current &&
      /FROM `?(services|service_search_terms|service_listing_counts|search_term_counts)`?\b/.test(sql) &&
      !/\) `?pairs`? GROUP BY/.test(sql) &&
      (!account || userHost.startsWith(`${account}[`))
    )
      current.push(sql);
  }
  return statements;
}

/** The markdown of EXPLAIN plans (`{ name, kind, plan }`), one table per statement. */
export const explainTables = (plans) =>
  plans.flatMap((p) => [
    `### ${p.name} — ${p.kind}`,
    '',
    '| id | select_type | table | type | key | rows | Extra |',
    '|---|---|---|---|---|---:|---|',
    ...p.plan.map((row) => `| ${row.id} | ${row.select_type} | ${row.table} | ${row.type} | ${row.key ?? ''} | ${row.rows} | ${row.Extra ?? ''} |`),
    '',
  ]);

/**
 * The index and row reads MariaDB makes for one request of a scenario: its captured statements run once on
 * their own connection, between FLUSH STATUS and the session's Handler_read_* counters. Unlike CPU time,
 * the count does not depend on what else the machine is doing, so it shows growth on a busy machine too.
 */
export async function rowsRead(connection, statements) {
  await connection.query('FLUSH STATUS');
  for (const sql of statements) await connection.query(sql);
  const [counters] = await connection.query("SHOW SESSION STATUS LIKE 'Handler_read%'");
  return counters.reduce((total, { Value }) => total + Number(Value), 0);
}

/**
 * Runs the server as the deployments do (infra/: the adaptive hash index on, which MariaDB and MySQL 8.4
 * ship off; the catalogue's several-word joins are tuned for it), or with it off to compare
 * (BENCH_ADAPTIVE_HASH=OFF). Returns the setting as the results name it and a function that puts the
 * server back as it was.
 */
export async function deploymentServerSettings(admin) {
  const adaptiveHash = (process.env.BENCH_ADAPTIVE_HASH || 'ON').toUpperCase() === 'OFF' ? 'OFF' : 'ON';
  const [[previous]] = await admin.query('SELECT @@GLOBAL.innodb_adaptive_hash_index AS enabled');
  await admin.query(`SET GLOBAL innodb_adaptive_hash_index = ${adaptiveHash}`);
  return {
    described: `innodb_adaptive_hash_index=${adaptiveHash}`,
    restore: () => admin.query(`SET GLOBAL innodb_adaptive_hash_index = ${previous.enabled ? 'ON' : 'OFF'}`),
  };
}
