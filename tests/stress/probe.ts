// `npm run probe` (not part of npm test): a gateway on PGlite — and on PostgreSQL too when TEST_DATABASE_URL
// is set — probed as every demo user over the routes its OpenAPI document lists. Each user reads every list
// and every record by its own tenant's ids, another tenant's ids and (a supplier user) another supplier's ids;
// writes are tried with another tenant's ids; a few users send malformed inputs (dates that do not exist,
// numbers out of range, huge strings, control characters, unknown fields) to every query parameter and body.
// It reports how many answers were ≥ 500, how many reads crossed a tenant or a supplier's scope, and how many
// writes succeeded that should have been refused; exits 1 when any is not 0.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { DEMO_ACCOUNTS } from '../../gateway/src/db/seed/demo-seed';
import { adminSeedAccounts } from '../../gateway/src/db/seed/admin-seed';
import { LIFECYCLE_ACCOUNTS } from '../../gateway/src/modules/business/seed';
import { createTestGateway, signIn } from '../../gateway/src/testing/test-gateway';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[] };
interface Operation {
  method: string;
  path: string;
  params: Array<{ in: string; name: string; schema?: Schema }>;
  body?: Schema;
}
interface User {
  name: string;
  headers: Record<string, string>;
  tenantId: string;
  supplierId: string | null;
  /** A staff user saved with 数据授权: the project companies of its organisation's subtree. */
  companies?: Set<string>;
}
interface Figures {
  requests: number;
  /** How many reads of another tenant's or another scope's record were tried. */
  crossChecks: number;
  over500: number;
  crossTenantReads: number;
  crossScopeReads: number;
  wrongSuccesses: number;
  findings: string[];
}

const HUGE = 'x'.repeat(20_000);
const BAD_QUERY = ['x', '2026-02-30', '2026-99-99', '1e308', '-1', HUGE];
/** Routes that end the caller's own session or change who it is: probing them would blind the rest. */
const SKIP = /\/(login|logout|register|password|captcha|token)\b|\/api\/docs/;

const typeOf = (s?: Schema) => {
  const t = s?.type;
  return Array.isArray(t) ? (t.find((x) => x !== 'null') ?? 'string') : (t ?? (s?.properties ? 'object' : 'string'));
};
function sample(s: Schema | undefined, text: string, depth = 0): unknown {
  if (s?.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(s?.items, text, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(s?.properties ?? {}).map(([k, v]) => [k, sample(v, text, depth + 1)]));
    default:
      return text;
  }
}

function operationsOf(app: FastifyInstance): Operation[] {
  // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document's operations are read loosely
  const spec = app.swagger() as unknown as { paths: Record<string, Record<string, any>> };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    if (!path.startsWith('/api/') || SKIP.test(path)) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      out.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return out;
}

async function probe(label: string, databaseUrl?: string): Promise<Figures> {
  const gw = await createTestGateway(databaseUrl ? { databaseUrl } : {});
  const f: Figures = {
    requests: 0,
    crossChecks: 0,
    over500: 0,
    crossTenantReads: 0,
    crossScopeReads: 0,
    wrongSuccesses: 0,
    findings: [],
  };
  const note = (kind: string, what: string) => {
    if (f.findings.length < 60) f.findings.push(`${kind}: ${what}`);
  };
  const send = async (user: User, o: InjectOptions) => {
    f.requests += 1;
    const res = await gw.app.inject({ ...o, headers: user.headers });
    if (res.statusCode >= 500) {
      f.over500 += 1;
      note('≥500', `${user.name} ${o.method} ${String(o.url).slice(0, 120)} → ${res.statusCode}`);
    }
    const json = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null;
    return { status: res.statusCode, code: json?.code as number | undefined, data: json?.data };
  };
  try {
    const ops = operationsOf(gw.app);
    // The operator is probed as a user saved with 数据授权 (its organisation's subtree of project companies).
    await gw.db.updateTable('app_user').set({ is_auth_data: true }).where('user_name', '=', 'operator').execute();
    const accounts = [
      ...DEMO_ACCOUNTS.map((a) => ({ userName: a.userName, password: a.password })),
      ...LIFECYCLE_ACCOUNTS.map((a) => ({ userName: a.userName, password: 'Staff@2026' })),
      ...adminSeedAccounts('', '').map((a) => ({ userName: a.userName, password: a.password })),
    ];
    const users: User[] = [];
    const subtree = async (orgId: string) => {
      const rows = await sql<{ org_id: string }>`
        with recursive sub(org_id) as (
          select org_id from organization where org_id = ${orgId}
          union select o.org_id from organization o join sub on o.parent_id = sub.org_id)
        select org_id from sub`.execute(gw.db);
      return new Set(rows.rows.map((r) => r.org_id));
    };
    /** Each business's project company, and each demand's: a record's scope by its id. */
    const companyOf = new Map<string, string | null>();
    for (const r of await gw.db
      .selectFrom('financing_business')
      .select(['business_id', 'project_company_id'])
      .execute())
      companyOf.set(r.business_id, r.project_company_id);
    for (const r of (
      await sql<{ demand_id: string; project_company_id: string | null }>`
      select demand_id, project_company_id from financing_demand`.execute(gw.db)
    ).rows)
      companyOf.set(r.demand_id, r.project_company_id);
    for (const a of accounts) {
      if (users.some((u) => u.name === a.userName)) continue;
      try {
        const s = await signIn(gw.app, a.userName, a.password);
        const row = await gw.db
          .selectFrom('app_user')
          .select(['user_type', 'organization_id'])
          .where('user_id', '=', s.userId)
          .executeTakeFirstOrThrow();
        const scoped = a.userName === 'operator' ? await subtree(row.organization_id) : undefined;
        users.push({
          name: a.userName,
          headers: s.headers,
          tenantId: s.tenantId,
          supplierId: row.user_type === 'SUPPLIER' ? row.organization_id : null,
          ...(scoped ? { companies: scoped } : {}),
        });
      } catch (error) {
        note('sign-in', `${a.userName}: ${(error as Error).message}`);
      }
    }
    const admin = users.find((u) => u.name === 'admin') as User;
    const other = users.find((u) => u.tenantId !== admin.tenantId) as User;

    // The ids of each record route, as the tenant's administrator and the other tenant's list them.
    const idRoutes = ops.filter((o) => /\/\{id\}$/.test(o.path) || /\/\{id\}\//.test(o.path));
    const prefixes = [...new Set(idRoutes.map((o) => o.path.slice(0, o.path.indexOf('/{id}'))))];
    const ids = new Map<string, { own: { id: string; supplierId?: string }[]; theirs: string[] }>();
    for (const p of prefixes) {
      const list = async (u: User) => {
        const r = await send(u, { method: 'GET', url: `${p}/page?size=50` });
        const records = (r.code === 0 ? (r.data?.records ?? []) : []) as { keyId?: string; supplierId?: string }[];
        return records.filter((x) => x.keyId).map((x) => ({ id: String(x.keyId), supplierId: x.supplierId }));
      };
      ids.set(p, { own: await list(admin), theirs: (await list(other)).map((x) => x.id) });
    }

    for (const user of users) {
      // Every list, as it is.
      for (const o of ops.filter((x) => x.method === 'GET' && !x.path.includes('{'))) {
        await send(user, { method: 'GET', url: o.path });
      }
      // Every record read by another tenant's ids, and a supplier user's by another supplier's.
      for (const o of idRoutes.filter((x) => x.method === 'GET')) {
        const p = o.path.slice(0, o.path.indexOf('/{id}'));
        const known = ids.get(p);
        if (!known) continue;
        const theirTenant = user.tenantId === admin.tenantId ? known.theirs : known.own.map((x) => x.id);
        for (const id of theirTenant.slice(0, 2)) {
          f.crossChecks += 1;
          const r = await send(user, { method: 'GET', url: o.path.replace('{id}', id) });
          if (r.code === 0) {
            f.crossTenantReads += 1;
            note('cross-tenant read', `${user.name} GET ${o.path} ${id}`);
          }
        }
        if (user.supplierId) {
          for (const x of known.own.filter((r) => r.supplierId && r.supplierId !== user.supplierId).slice(0, 2)) {
            f.crossChecks += 1;
            const r = await send(user, { method: 'GET', url: o.path.replace('{id}', x.id) });
            if (r.code === 0) {
              f.crossScopeReads += 1;
              note('cross-scope read', `${user.name} GET ${o.path} ${x.id}`);
            }
          }
        }
        const companies = user.companies;
        if (companies) {
          const outside = known.own.filter((r) => companyOf.has(r.id) && !companies.has(companyOf.get(r.id) ?? ''));
          for (const x of outside.slice(0, 2)) {
            f.crossChecks += 1;
            const r = await send(user, { method: 'GET', url: o.path.replace('{id}', x.id) });
            if (r.code === 0) {
              f.crossScopeReads += 1;
              note('cross-scope read (数据授权)', `${user.name} GET ${o.path} ${x.id}`);
            }
          }
        }
      }
      // Lists of a 数据授权 user: nothing outside its subtree.
      if (user.companies) {
        const companies = user.companies;
        for (const p of prefixes) {
          const r = await send(user, { method: 'GET', url: `${p}/page?size=50` });
          const records = (r.code === 0 ? (r.data?.records ?? []) : []) as { keyId?: string }[];
          for (const x of records) {
            const id = String(x.keyId);
            f.crossChecks += 1;
            if (companyOf.has(id) && !companies.has(companyOf.get(id) ?? '')) {
              f.crossScopeReads += 1;
              note('cross-scope list row (数据授权)', `${user.name} ${p}/page ${id}`);
            }
          }
        }
      }
      // Every write on another tenant's record: refused, whatever the body.
      for (const o of idRoutes.filter((x) => x.method !== 'GET')) {
        const p = o.path.slice(0, o.path.indexOf('/{id}'));
        const known = ids.get(p);
        const theirTenant = user.tenantId === admin.tenantId ? known?.theirs : known?.own.map((x) => x.id);
        for (const id of (theirTenant ?? []).slice(0, 1)) {
          const r = await send(user, {
            method: o.method as 'PUT',
            url: `${o.path.replace('{id}', id)}${o.method === 'DELETE' ? '?version=1' : ''}`,
            ...(o.body ? { payload: sample(o.body, '探测') as object } : {}),
          });
          if (r.code === 0) {
            f.wrongSuccesses += 1;
            note('cross-tenant write', `${user.name} ${o.method} ${o.path} ${id}`);
          }
        }
      }
    }

    // Malformed inputs, by the administrator, the operator and the supplier user.
    for (const user of users.filter((u) => ['admin', 'operator', 'supplier'].includes(u.name))) {
      for (const o of ops) {
        const p = o.path.includes('/{id}') ? o.path.slice(0, o.path.indexOf('/{id}')) : '';
        const own = ids.get(p)?.own[0]?.id ?? '1';
        const url = o.params
          .filter((x) => x.in === 'path')
          .reduce((path, x) => path.replace(`{${x.name}}`, x.name === 'id' ? own : '1'), o.path);
        for (const q of o.params.filter((x) => x.in === 'query')) {
          for (const value of BAD_QUERY) {
            const r = await send(user, { method: o.method as 'GET', url, query: { [q.name]: value } });
            if (o.method !== 'GET' && r.code === 0 && value === HUGE) {
              f.wrongSuccesses += 1;
              note('huge query accepted', `${user.name} ${o.method} ${o.path} ${q.name}`);
            }
          }
        }
        if (o.method === 'GET' || !o.body) continue;
        const base = sample(o.body, '探测') as Record<string, unknown>;
        const bodies: Array<[string, unknown]> = [
          ['unknown field', { ...base, probeUnknownField: 'x' }],
          ['control characters', sample(o.body, 'a\u0007\u001b[31mb')],
          ['bidirectional characters', sample(o.body, 'a\u202eb')],
          ['huge strings', sample(o.body, HUGE)],
          ['impossible date', JSON.parse(JSON.stringify(base).replace(/"探测"/g, '"2026-02-30"'))],
        ];
        for (const [kind, payload] of bodies) {
          const r = await send(user, { method: o.method as 'POST', url, payload: payload as object });
          if (r.code === 0) {
            f.wrongSuccesses += 1;
            note(`${kind} accepted`, `${user.name} ${o.method} ${o.path}`);
          }
        }
      }
    }
    console.log(`[${label}] ${users.length} users, ${ops.length} operations`);
    return f;
  } finally {
    await gw.close();
  }
}

const runs: Array<[string, string | undefined]> = [['pglite', undefined]];
if (process.env.TEST_DATABASE_URL) runs.push(['postgres', process.env.TEST_DATABASE_URL]);
let bad = 0;
for (const [label, url] of runs) {
  const started = Date.now();
  const f = await probe(label, url);
  console.log(
    `[${label}] ${f.requests} requests in ${Math.round((Date.now() - started) / 1000)} s, ${f.crossChecks} scope checks: ` +
      `≥500 ${f.over500}, cross-tenant reads ${f.crossTenantReads}, cross-scope reads ${f.crossScopeReads}, ` +
      `wrong successes ${f.wrongSuccesses}`,
  );
  for (const line of f.findings) console.log(`  ${line}`);
  bad += f.over500 + f.crossTenantReads + f.crossScopeReads + f.wrongSuccesses;
}
process.exit(bad === 0 ? 0 : 1);
