import { sql, type Kysely } from 'kysely';
import type { Database, RiskLevel } from '../../db/database';

export interface OpinionFilter {
  tenantId: string;
  enterpriseName?: string;
  riskLevel?: RiskLevel;
  offset: number;
  limit: number;
}

/** One page of the tenant's negative opinions, newest first, and how many match in all. */
export async function pageNegativeOpinions(db: Kysely<Database>, filter: OpinionFilter) {
  let query = db.selectFrom('negative_opinion').where('tenant_id', '=', filter.tenantId);
  if (filter.enterpriseName) {
    // Matched literally: the user's % and _ are not wildcards.
    const escaped = filter.enterpriseName.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where('enterprise_name', 'like', `%${escaped}%`);
  }
  if (filter.riskLevel) query = query.where('risk_level', '=', filter.riskLevel);
  const [rows, count] = await Promise.all([
    query
      .select(['opinion_id', 'enterprise_name', 'title', 'source', 'risk_level', 'status', sql<string>`published_on::text`.as('published_on')])
      .orderBy('published_on', 'desc')
      .orderBy('opinion_id')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
