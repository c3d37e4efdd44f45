// The bare anchor of `catalogue-cost.mjs`: Fastify + mysql2 and nothing else. For scenario i it runs
// the statements booking sent for that scenario (captured from the server's general log, so the same
// SQL on the same tables) through a pool of the same size as booking's, and answers the rows as JSON
// in the list's shape ({ services, total, page, limit }). No validation, no ORM, no cache.
//   node catalogue-anchor.mjs <port> <mysql url with database> <statements.json>
import fs from 'node:fs';
import Fastify from 'fastify';
import mysql from 'mysql2/promise';

const [port, url, file] = process.argv.slice(2);
const scenarios = JSON.parse(fs.readFileSync(file, 'utf8'));
// trace: false as booking's (nest-kit's database options): no stack captured per query.
const pool = mysql.createPool({ uri: url, connectionLimit: 20, timezone: 'Z', charset: 'utf8mb4_unicode_ci', trace: false });
const app = Fastify();

app.get('/s/:index', async (request) => {
  const statements = scenarios[Number(request.params.index)] ?? [];
  // The statements of one request are independent (a search's page and its count): booking runs them at once too.
  const results = await Promise.all(statements.map((sql) => pool.query(sql).then(([rows]) => rows)));
  const page = results.find((rows) => rows.length !== 1 || !('total' in rows[0])) ?? results[0] ?? [];
  const count = results.find((rows) => rows.length === 1 && 'total' in rows[0]);
  return { services: page, total: Number(count?.[0]?.total ?? page[0]?.total ?? 0), page: 1, limit: 20 };
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
