// 用户管理's first page as the table grows, 10,000 → 100,000 → 1,000,000 users on PostgreSQL, each figure
// beside the reference route measured in the same run: flat means within 1.5× of the 10,000-user figure.
// The users are made by generate_series in SQL (seconds, not the seed CLI's minutes), in a schema of their
// own that is dropped after. Run alone with `npx tsx tests/bench/scale-bench.ts`, or in `npm run bench`.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { apiLogin } from '../e2e/support/gateway-process';
import { benchGateway, describe, dropPostgres, freshPostgres, paired, seedUsers, startReference } from './speed-bench';

type Recorder = (name: string, value: string, budget?: string) => void;

const SCHEMA = 'bench_scale';
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);

/** Adds users numbered from+1..to to the demo tenant, newest first by number, as the seed's generated staff look. */
async function addUsers(client: pg.Client, from: number, to: number): Promise<void> {
  await client.query(
    `
    insert into app_user (user_id, tenant_id, user_name, nick_name, organization_id, user_type, mobile, password_hash,
                          status, created_at, updated_at)
    select '15' || lpad(g::text, 17, '0'), a.tenant_id, 'scale' || lpad(g::text, 7, '0'),
           substr('王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗', 1 + g % 20, 1) ||
           substr('伟芳娜敏静丽强磊军洋勇艳杰娟涛明超兰霞平', 1 + (g / 20) % 20, 1) ||
           substr('华玉萍红鹏飞斌宇浩凯', 1 + (g / 400) % 10, 1),
           a.organization_id, 'STAFF', '139' || lpad(g::text, 8, '0'), a.password_hash, 'ENABLED',
           timestamptz '2026-01-01' - g * interval '1 second', now()
    from generate_series($1::int + 1, $2::int) g, (select * from app_user where user_name = 'admin') a`,
    [from, to],
  );
  await client.query('vacuum (analyze) app_user');
}

export async function measureScale(record: Recorder): Promise<void> {
  const dbUrl = await freshPostgres('wsf_bench_scale');
  if (!dbUrl) {
    record('page 1 as the table grows', 'PostgreSQL does not answer on 127.0.0.1:5432: skipped');
    return;
  }
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const reference = await startReference(dbUrl);
  try {
    await client.query(`create schema ${SCHEMA}`);
    const url = `${dbUrl}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`;
    seedUsers({ DATABASE_URL: url }, 0);
    await client.query(`set search_path = ${SCHEMA}`);
    const gateway = await benchGateway({ DATABASE_URL: url });
    const ratios: number[] = [];
    try {
      const { token } = await apiLogin(gateway.url, 'admin', 'Admin@2026');
      const headers = { authorization: `Bearer ${token}` };
      const page = `${gateway.url}/api/authcenter/base/user/page?current=1&size=10`;
      let have = 0;
      for (const size of SIZES) {
        const started = Date.now();
        await addUsers(client, have, size);
        have = size;
        const seconds = (Date.now() - started) / 1000;
        const { figure, ref, ratio } = await paired(reference, page, headers);
        const added = `added in ${seconds.toFixed(0)} s${seconds > 60 ? ' — over a minute' : ''}`;
        record(
          `PostgreSQL user page 1 at ${size.toLocaleString('en')} users (${added})`,
          `${describe(figure)} — ${(100 * ratio).toFixed(0)} % of the reference (${ref.rps.toFixed(0)} req/s)`,
        );
        ratios.push(ratio);
      }
    } finally {
      await gateway.stop();
    }
    const worst = Math.max(...ratios) / Math.min(...ratios);
    record(
      'PostgreSQL user page 1, 10k → 1M users: largest ÷ smallest ratio to the reference',
      `${worst.toFixed(2)}×`,
      `flat: within 1.5× ${worst <= 1.5 ? '✓' : '✗'}`,
    );
  } finally {
    await reference.stop();
    await client.query(`drop schema if exists ${SCHEMA} cascade`).catch(() => undefined);
    await client.end();
    await dropPostgres('wsf_bench_scale');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await measureScale((name, value, budget = '') =>
    console.log(`  ${name}: ${value}${budget ? `  (goal ${budget})` : ''}`),
  );
}
