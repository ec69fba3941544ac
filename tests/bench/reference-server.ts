// The yardstick the gateway's figures are divided by (npm run bench): a bare Fastify with a pg Pool of 10
// on the same PostgreSQL, one route running one indexed `select … order by id limit 10` and one route
// answering a constant. It runs as a process of its own, like the gateway, so that both share the machine
// the same way; a figure printed as a ratio of it then means the same on a quiet laptop and on a busy CI box.
// Env: DATABASE_URL (required), PORT. Prints `listening <port>` once ready. The table lives in a schema of
// its own (bench_reference), made on start and dropped on SIGTERM.
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const SCHEMA = 'bench_reference';

const setup = new pg.Client({ connectionString: url });
await setup.connect();
await setup.query(`drop schema if exists ${SCHEMA} cascade`);
await setup.query(`create schema ${SCHEMA}`);
await setup.query(`create table ${SCHEMA}.item (id bigint primary key, name text not null,
  created_at timestamptz not null)`);
await setup.query(`insert into ${SCHEMA}.item select g, 'item ' || g, now() - g * interval '1 second'
  from generate_series(1, 100000) g`);
await setup.query(`analyze ${SCHEMA}.item`);

const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = Fastify({ logger: false });
app.get('/ref/query', async () => {
  const { rows } = await pool.query(`select id, name, created_at from ${SCHEMA}.item order by id limit 10`);
  return { code: 0, data: rows };
});
app.get('/ref/constant', async () => ({ code: 0, data: 'ok' }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);

process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await pool.end();
    await setup.query(`drop schema if exists ${SCHEMA} cascade`);
    await setup.end();
    process.exit(0);
  })();
});
