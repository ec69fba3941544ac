// A business's 接口日志 as a stage's page shows it (BUSINESS.md "Push and letters": every call is in the log): the
// calls out to a party and its callbacks in, newest first, each with what it said and how it was answered — never
// the body, which may carry a party's data. The inbound kit writes the lines (callback-store.ts); a stage reads them.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import './tables';

const S = Type.String();
export const InterfaceLogSchema = Type.Object(
  {
    ...{ at: S, direction: Type.String({ description: 'OUT 调用 / IN 回调' }), provider: S, message: S },
    ...{ resultCode: Type.Integer(), httpStatus: Type.Integer() },
  },
  { additionalProperties: false },
);

/** The business's latest lines of the interface log, newest first. */
export async function interfaceLogOf(db: Kysely<Database>, tenantId: string, businessId: string, limit = 50) {
  const rows = await db
    .selectFrom('interface_log')
    .select(['at', 'direction', 'provider', 'message', 'result_code', 'http_status'])
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', businessId)
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((l) => ({
    ...{ at: new Date(l.at).toISOString(), direction: l.direction, provider: l.provider, message: l.message },
    ...{ resultCode: Number(l.result_code), httpStatus: Number(l.http_status) },
  }));
}
