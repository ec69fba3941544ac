// 审核类型配置 and 业务审核 (BUSINESS.md §1.5, §4). The configuration is checked by the domain's
// `checkAuditType` (the screen runs the same check as the user types) and saved under its optimistic version;
// a business snapshots it when submitted, so a change here touches new submissions only. The review queue is
// computed from the lifecycle table and the review snapshot (queue.ts); the review page reads the business,
// its progress and its timeline, and acts through the business transition endpoint.
import type { FastifyPluginAsync } from 'fastify';
import { REVIEW_ACTIONS, stateLabel } from '../../../../src/domain/financing/lifecycle';
import {
  APPROVE_METHOD_LABEL,
  type AuditTypeConfig,
  REJECT_HANDLER_LABEL,
  type ReviewLevelConfig,
  checkAuditType,
  defaultAuditType,
} from '../../../../src/domain/financing/review';
import { reviewTypeOfState } from '../../../../src/domain/financing/review-queue';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, invalidInput, notFound, ok } from '../../plugins/envelope';
import { pageRequest } from '../../schemas/common';
import { actorOf, loadBusiness } from '../business/aggregate';
import { detailSections } from '../business/detail-sections';
import { businessDetail, businessEvents } from '../business/repository';
import { logOperation } from '../operation-log/repository';
import { reviewQueue } from './queue';
import {
  type AuditTypeBody,
  type CodeParams,
  type ExamineQuery,
  auditTypeCandidatesSchema,
  auditTypeEditSchema,
  auditTypeListSchema,
  examineDetailSchema,
  examinePageSchema,
} from './schemas';
import type { Kysely } from 'kysely';
import { REVIEW_TYPE_LABEL, REVIEW_TYPES, type ReviewType } from '../../../../src/domain/financing/stages';

const AUDIT_TYPE_MENU = '/business/auditTypeList';
const EXAMINE_MENU = '/business/examine';

export const ReviewConfigMessage = {
  stale: '审核类型配置已被他人修改，请刷新后重试',
  notFound: '审核类型不存在',
  unknownRole: (level: number, code: string) => `第${level}级的角色不存在或已停用：${code}`,
  unknownUser: (level: number) => `第${level}级的指定人员不存在或已停用`,
} as const;

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : String(d));
const order = (code: string) => REVIEW_TYPES.indexOf(code as ReviewType);

/** What is stored for a level: the fields its method and handler use, nothing left over from another choice. */
function normalized(level: ReviewLevelConfig): ReviewLevelConfig {
  return {
    roles: [...level.roles],
    userIds: [...level.userIds],
    approveMethod: level.approveMethod,
    ratioPercent: level.approveMethod === 'RATIO' ? (level.ratioPercent ?? null) : null,
    rejectHandler: level.rejectHandler,
    returnToLevel: level.rejectHandler === 'RETURN_TO_LEVEL' ? (level.returnToLevel ?? null) : null,
    timeoutHours: level.timeoutHours ?? null,
  };
}

/**
 * Every review type has its row: a tenant made after the seed (or a type added later) starts with the
 * defaults of BUSINESS.md §1.5, which is also what a submission uses while no row exists.
 */
async function ensureAuditTypes(db: Kysely<Database>, tenantId: string, now: Date) {
  const have = await db.selectFrom('audit_type').select('code').where('tenant_id', '=', tenantId).execute();
  const missing = REVIEW_TYPES.filter((code) => !have.some((h) => h.code === code));
  if (missing.length === 0) return;
  await db
    .insertInto('audit_type')
    .values(
      missing.map((code) => {
        const d = defaultAuditType(code);
        return {
          tenant_id: tenantId,
          code,
          name: d.name,
          enabled: d.enabled,
          levels: JSON.stringify(d.levels.map(normalized)),
          updated_at: now,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'code']).doNothing())
    .execute();
}

async function listAuditTypes(db: Kysely<Database>, tenantId: string) {
  const rows = await db
    .selectFrom('audit_type as a')
    .leftJoin('app_user as u', 'u.user_id', 'a.updated_by')
    .select(['a.code', 'a.name', 'a.enabled', 'a.levels', 'a.version', 'a.updated_at', 'u.nick_name'])
    .where('a.tenant_id', '=', tenantId)
    .execute();
  return rows
    .map((r) => ({
      code: r.code,
      name: r.name,
      enabled: r.enabled,
      levels: json<ReviewLevelConfig[]>(r.levels).map(normalized),
      version: Number(r.version),
      updatedAt: iso(r.updated_at),
      updatedByName: r.nick_name ?? '',
    }))
    .sort((a, b) => order(a.code) - order(b.code));
}

export const reviewRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/business/auditType/list',
    { config: { access: { menu: AUDIT_TYPE_MENU } }, schema: auditTypeListSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      await ensureAuditTypes(db, tenantId, deps.now());
      return ok(await listAuditTypes(db, tenantId));
    },
  );

  app.get(
    '/api/business/auditType/candidates',
    { config: { access: { menu: AUDIT_TYPE_MENU } }, schema: auditTypeCandidatesSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const [roles, users] = await Promise.all([
        db
          .selectFrom('role')
          .select(['role_code', 'role_name'])
          .where('tenant_id', '=', tenantId)
          .where('status', '=', 'ENABLED')
          .orderBy('created_at')
          .orderBy('role_id')
          .execute(),
        // Reviewers are staff: a supplier user makes items, it never reviews them.
        db
          .selectFrom('app_user')
          .select(['user_id', 'nick_name', 'user_name'])
          .where('tenant_id', '=', tenantId)
          .where('user_type', '=', 'STAFF')
          .where('status', '=', 'ENABLED')
          .orderBy('user_name')
          .limit(500)
          .execute(),
      ]);
      return ok({
        roles: roles.map((r) => ({ code: r.role_code, name: r.role_name })),
        users: users.map((u) => ({ userId: u.user_id, nickName: u.nick_name, userName: u.user_name })),
      });
    },
  );

  app.put<{ Params: CodeParams; Body: AuditTypeBody }>(
    '/api/business/auditType/:code',
    { config: { access: { menu: AUDIT_TYPE_MENU, op: 'edit' } }, schema: auditTypeEditSchema },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const { code } = request.params;
      const levels = request.body.levels.map((l) => normalized(l as ReviewLevelConfig));
      const problems = checkAuditType({ levels });
      if (problems.length) throw invalidInput(problems.join('；'));
      const roleCodes = [...new Set(levels.flatMap((l) => l.roles))];
      const userIds = [...new Set(levels.flatMap((l) => l.userIds))];
      const [knownRoles, knownUsers] = await Promise.all([
        roleCodes.length
          ? db
              .selectFrom('role')
              .select('role_code')
              .where('tenant_id', '=', tenantId)
              .where('status', '=', 'ENABLED')
              .where('role_code', 'in', roleCodes)
              .execute()
          : [],
        userIds.length
          ? db
              .selectFrom('app_user')
              .select('user_id')
              .where('tenant_id', '=', tenantId)
              .where('user_type', '=', 'STAFF')
              .where('status', '=', 'ENABLED')
              .where('user_id', 'in', userIds)
              .execute()
          : [],
      ]);
      const roleSet = new Set(knownRoles.map((r) => r.role_code));
      const userSet = new Set(knownUsers.map((u) => u.user_id));
      for (const [i, l] of levels.entries()) {
        const missing = l.roles.find((r) => !roleSet.has(r));
        if (missing) throw invalidInput(ReviewConfigMessage.unknownRole(i + 1, missing));
        if (l.userIds.some((u) => !userSet.has(u))) throw invalidInput(ReviewConfigMessage.unknownUser(i + 1));
      }
      const now = deps.now();
      await ensureAuditTypes(db, tenantId, now);
      await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('audit_type')
          .selectAll()
          .where('tenant_id', '=', tenantId)
          .where('code', '=', code)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw notFound(ReviewConfigMessage.notFound);
        if (Number(before.version) !== request.body.version) {
          throw new AppError(ResultCode.staleVersion, ReviewConfigMessage.stale);
        }
        const after: Omit<AuditTypeConfig, 'name'> = { code, enabled: request.body.enabled, levels };
        await trx
          .updateTable('audit_type')
          .set({
            enabled: after.enabled,
            levels: JSON.stringify(levels),
            version: Number(before.version) + 1,
            updated_by: userId,
            updated_at: now,
          })
          .where('tenant_id', '=', tenantId)
          .where('code', '=', code)
          .execute();
        await logOperation(trx, {
          tenantId,
          userId,
          now,
          action: 'auditType.edit',
          targetType: 'audit_type',
          targetId: code,
          before: { enabled: before.enabled, levels: json(before.levels), version: before.version },
          after: { ...after, version: Number(before.version) + 1 },
        });
      });
      const saved = (await listAuditTypes(db, tenantId)).find((a) => a.code === code);
      if (!saved) throw notFound(ReviewConfigMessage.notFound);
      return ok(saved);
    },
  );

  app.get<{ Querystring: ExamineQuery }>(
    '/api/business/examine/page',
    { config: { access: { menu: EXAMINE_MENU } }, schema: examinePageSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await actorOf(request, db);
      const page = pageRequest(request.query);
      const items = await reviewQueue(
        db,
        tenantId,
        actor,
        {
          ...(request.query.type ? { type: request.query.type as ReviewType } : {}),
          ...(request.query.businessNo?.trim() ? { businessNo: request.query.businessNo.trim() } : {}),
        },
        deps.now(),
      );
      return ok({
        records: items.slice(page.offset, page.offset + page.size),
        total: items.length,
        current: page.current,
        size: page.size,
      });
    },
  );

  app.get<{ Params: { id: string }; Querystring: { type?: string } }>(
    '/api/business/examine/:id',
    { config: { access: { menu: EXAMINE_MENU } }, schema: examineDetailSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const actor = await actorOf(request, db);
      const now = deps.now();
      const detail = await businessDetail(db, tenantId, actor, request.params.id, now);
      if (!detail) throw notFound('业务不存在');
      const [events, row] = await Promise.all([
        businessEvents(db, tenantId, detail.keyId),
        loadBusiness(db, tenantId, detail.keyId),
      ]);
      const type = detail.review?.type ?? reviewTypeOfState(detail.state);
      // The page acts for one review type (its `type`): another stage's actions are not offered here.
      const asked = request.query.type;
      const reviewing = !asked || asked === type;
      const actions = reviewing ? detail.actions.filter((a) => REVIEW_ACTIONS.includes(a)) : [];
      const review = detail.review;
      return ok({
        businessId: detail.keyId,
        businessNo: detail.businessNo,
        type: type ?? null,
        typeLabel: type ? REVIEW_TYPE_LABEL[type] : '',
        supplierName: detail.supplierName ?? '',
        projectCompanyName: detail.projectCompanyName ?? '',
        capitalSideName: detail.capitalSideName ?? '',
        productName: detail.productName ?? '',
        applyAmount: detail.applyAmount,
        approvedAmount: detail.approvedAmount,
        state: detail.state,
        stateLabel: stateLabel(detail.state),
        suspended: detail.suspended,
        makerName: detail.ownerName ?? '',
        arrivedAt: detail.reviewArrivedAt ?? null,
        version: detail.version,
        review: review
          ? {
              level: review.level,
              levels: review.levels.map((l) => {
                const snapshotLevel = row.review?.snapshot.levels[l.level - 1];
                return {
                  level: l.level,
                  approveMethod: l.approveMethod,
                  approveMethodLabel: APPROVE_METHOD_LABEL[l.approveMethod],
                  rejectHandlerLabel: snapshotLevel ? REJECT_HANDLER_LABEL[snapshotLevel.rejectHandler] : '',
                  reviewerNames: l.reviewerNames,
                  approvedNames: review.opinions
                    .filter((o) => o.level === l.level && o.result === 'APPROVE')
                    .map((o) => o.actorName),
                };
              }),
            }
          : null,
        events: events.map((e) => ({
          keyId: e.keyId,
          stage: e.stage,
          fromState: e.fromState,
          toState: e.toState,
          fromLabel: e.fromLabel,
          toLabel: e.toLabel,
          action: e.action,
          actionLabel: e.actionLabel,
          level: e.level,
          actorName: e.actorName,
          actorRole: e.actorRole,
          comment: e.comment,
          at: e.at,
        })),
        actions,
        // The pre-credit's item, read-only beside the opinion: what the reviewer approves and its 批复额度 cap.
        ...(type === 'PRE_CREDIT'
          ? { preCredit: (await detailSections(db, tenantId, detail.keyId, now, actor)).preCredit ?? null }
          : {}),
      });
    },
  );
};

export default reviewRoutes;
