// 操作日志: admin pages through the tenant's writes. It rides on 用户管理's menu grant (no catalogue entry
// of its own), so whoever may see the user list may read who changed what. Each line names its record
// (targetName), so nobody has to look a snowflake id up.
import type { FastifyPluginAsync } from 'fastify';
import { type Static, Type } from 'typebox';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, ok } from '../../plugins/envelope';
import { PageQueryFields, pageOf } from '../../schemas/common';
import { pageOperationLog, storedName, targetNames } from './repository';
import { maskPersonalData } from '../../../../src/domain/format/mask';

/**
 * A logged snapshot as its readers may see it: account, ID and mobile numbers masked as lists mask them
 * (BUSINESS.md §4); the log keeps the whole record, the auditor never sees it whole.
 */
function maskedJson(text: string | null): string | null {
  if (text === null) return null;
  try {
    return JSON.stringify(maskPersonalData(JSON.parse(text)));
  } catch {
    return null;
  }
}

export const USER_MANAGEMENT_MENU = '/basicDataManagement/userManagment';

const OperLogQuery = Type.Object(
  {
    ...PageQueryFields,
    targetId: Type.Optional(Type.String({ maxLength: 64 })),
    action: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
type OperLogQuery = Static<typeof OperLogQuery>;

const JsonText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

const schema = {
  tags: ['authcenter'],
  summary: '操作日志分页查询（本租户，按时间倒序）',
  querystring: OperLogQuery,
  response: envelopeResponses(
    pageOf(
      Type.Object({
        keyId: Type.String(),
        userId: Type.String(),
        userName: Type.String(),
        operateTime: Type.String({ description: 'ISO 8601' }),
        action: Type.String(),
        targetType: Type.String(),
        targetId: Type.String(),
        targetName: Type.Optional(Type.String({ description: '对象名称（用户、角色、组织）；无法确定时为空' })),
        before: JsonText('修改前（JSON 文本）'),
        after: JsonText('修改后（JSON 文本）'),
      }),
    ),
  ),
};

export const operationLogRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.get<{ Querystring: OperLogQuery }>(
    '/api/authcenter/base/operlog/page',
    { config: { access: { menu: USER_MANAGEMENT_MENU } }, schema },
    async (request) => {
      const current = Number(request.query.current ?? '1');
      const size = Number(request.query.size ?? '10');
      const { rows, total } = await pageOperationLog(deps.db, {
        tenantId: sessionOf(request).tenantId,
        targetId: request.query.targetId || undefined,
        action: request.query.action || undefined,
        offset: (current - 1) * size,
        limit: size,
      });
      const names = await targetNames(
        deps.db,
        sessionOf(request).tenantId,
        rows.map((r) => ({ type: r.target_type, id: r.target_id })),
      );
      return ok({
        records: rows.map((r) => ({
          keyId: r.log_id,
          userId: r.user_id,
          userName: r.user_name,
          operateTime: r.occurred_at.toISOString(),
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          targetName: names.get(`${r.target_type}:${r.target_id}`) ?? storedName(r.before_data, r.after_data),
          before: maskedJson(r.before_data),
          after: maskedJson(r.after_data),
        })),
        total,
        current,
        size,
      });
    },
  );
};

export default operationLogRoutes;
