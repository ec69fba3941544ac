// The CRM area (客户关系管理): 访谈纪要 over the resource kit, and 企业信息 (enterprise.ts). What the minutes'
// definition cannot say is its document number, JY + yyyyMMdd + the day's 4-digit sequence in the tenant
// (BUSINESS.md §2), taken inside the create's transaction; the unique index on (tenant, number) refuses a
// second writer of the same number.
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  INTERVIEW_MINUTES,
  MINUTES_NO_PREFIX,
  minutesNo,
  shanghaiDay,
} from '../../../../src/domain/crm/interview-minutes.resource';
import type { GatewayDeps } from '../../deps';
import { registerResource } from '../../resource/resource-routes';
import { enterpriseRoutes } from './enterprise';

// biome-ignore lint/suspicious/noExplicitAny: kit tables have no Kysely table types
type AnyDb = Kysely<any>;

/** The next minutes number of the day in the tenant. */
export async function nextMinutesNo(db: AnyDb, tenantId: string, now: Date): Promise<string> {
  const prefix = `${MINUTES_NO_PREFIX}${shanghaiDay(now)}`;
  const last = await db
    .selectFrom('interview_minutes')
    .select((eb) => eb.fn.max('minutes_no').as('no'))
    .where('tenant_id', '=', tenantId)
    .where('minutes_no', 'like', `${prefix}%`)
    .executeTakeFirst();
  const seq = last?.no ? Number(String(last.no).slice(prefix.length)) + 1 : 1;
  return minutesNo(now, seq);
}

export const crmRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  registerResource(app, deps, INTERVIEW_MINUTES, {
    beforeCreate: async (_form, { trx, tenantId, now }) => ({
      minutes_no: await nextMinutesNo(trx as unknown as AnyDb, tenantId, now),
    }),
  });
  await enterpriseRoutes(app, deps);
};

export default crmRoutes;
