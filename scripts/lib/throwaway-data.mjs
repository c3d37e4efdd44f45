// A run of the app on the shared MariaDB and Redis (e2e, benchmarks) names its databases and queue keys
// with a prefix of its own; these remove them afterwards, since both servers outlive the run.
import mysql from 'mysql2/promise';

/** Drops every database whose name starts with `prefix`. */
export async function dropDatabases(mysqlUrl, prefix) {
  const connection = await mysql.createConnection(mysqlUrl);
  try {
    const [rows] = await connection.query('SHOW DATABASES LIKE ?', [
      `${prefix.replace(/[\\_%]/g, '\\$&')}%`,
    ]);
    for (const row of rows) await connection.query(`DROP DATABASE \`${Object.values(row)[0]}\``);
  } finally {
    await connection.end();
  }
}

/** Deletes every Redis key under `prefix:` (the Jest suites' cleanup uses the same). */
export { dropQueueKeys } from '@khidma/nest-kit/testing';
