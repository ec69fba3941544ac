// 操作日志: admin pages through the tenant's writes. It rides on 用户管理's menu grant (no catalogue entry
// of its own), so whoever may see the user list may read who changed what.
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, ok } from '../../plugins/envelope';
import { pageOperationLog } from './repository';

export const USER_MANAGEMENT_MENU = '/basicDataManagement/userManagment';

interface OperLogQuery {
  current?: string;
  size?: string;
  targetId?: string;
  action?: string;
}

const schema = {
  tags: ['authcenter'],
  summary: '操作日志分页查询（本租户，按时间倒序）',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      current: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
      size: { type: 'string', pattern: '^(100|[1-9][0-9]?)$' },
      targetId: { type: 'string', maxLength: 64 },
      action: { type: 'string', maxLength: 64 },
    },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['records', 'total', 'current', 'size'],
    properties: {
      records: {
        type: 'array',
        items: {
          type: 'object',
          required: ['keyId', 'userId', 'userName', 'operateTime', 'action', 'targetType', 'targetId', 'before', 'after'],
          properties: {
            keyId: { type: 'string' },
            userId: { type: 'string' },
            userName: { type: 'string' },
            operateTime: { type: 'string', description: 'ISO 8601' },
            action: { type: 'string' },
            targetType: { type: 'string' },
            targetId: { type: 'string' },
            before: { type: ['string', 'null'], description: '修改前（JSON 文本）' },
            after: { type: ['string', 'null'], description: '修改后（JSON 文本）' },
          },
        },
      },
      total: { type: 'integer' },
      current: { type: 'integer' },
      size: { type: 'integer' },
    },
  }),
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
      return ok({
        records: rows.map((r) => ({
          keyId: r.log_id, userId: r.user_id, userName: r.user_name, operateTime: r.occurred_at.toISOString(),
          action: r.action, targetType: r.target_type, targetId: r.target_id, before: r.before_data, after: r.after_data,
        })),
        total,
        current,
        size,
      });
    },
  );
};
