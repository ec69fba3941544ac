// 评审会 on the wire (BUSINESS.md §4: /business/meetingInfoManage, approvalReviewMeetingMake,
// approvalReviewMeetingImplementList, approvalProduction, approvalReviewMeetingInfo; "Decisions for the
// lifecycle's second half": Meeting). Each route names the page whose code it needs; the meeting's moves are
// asked of its own table (MEETING_FLOW) with the caller's grants, and the votes and conclusions of the rules in
// meeting-rules.ts — nothing here decides. Refusals: 160300003 without the page's code or the table's `who`,
// 160300400 with the rule's Chinese words, 160300409 on a stale version; another tenant's id is not found.
// The businesses heard move only through their own aggregate; meetingOutcomes() says where each one goes.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type Static, type TSchema, Type } from 'typebox';
import {
  CONCLUSION_LABEL,
  MEETING_FORM_LABEL,
  MEETING_STATUS_LABEL,
} from '../../../../src/domain/financing/meeting-rules';
import {
  MEETING_EXAMINE_PATH,
  MEETING_INFO_PATH,
  MEETING_MAKE_PATH,
  MEETING_MANAGE_PATH,
  MEETING_PRODUCTION_PATH,
  MEETING_API,
  MEETING_VOTE,
} from '../../../../src/domain/financing/meeting-workflow';
import { ROLE } from '../../../../src/domain/financing/roles';
import { normalizeMenuPath } from '../../../../src/domain/menu/menu';
import { MINUTES_TEMPLATE } from '../../documents/document-templates';
import { renderDocument } from '../../documents/render-document';
import type { GatewayDeps } from '../../deps';
import { type RouteAccess, grantAllows, sessionOf } from '../../plugins/auth-guard';
import { envelopeResponses, forbidden, notFound, ok } from '../../plugins/envelope';
import { fixedScopeOf } from '../../stage/stage-scope';
import { actorOf } from '../business/aggregate';
import { Id, IdParams, PageQueryFields, Version, pageOf, pageRequest } from '../../schemas/common';
import { contentDisposition } from '../file/file-names';
import { logOperation } from '../operation-log/repository';
import { MeetingTallySchema } from '../business/section-schemas';
import { loadExcel } from '../../lazy-libraries';
import { shanghaiDateTime } from '../../xlsx/export-cells';
import { EXPORT_MAX_ROWS } from '../../resource/resource-routes';
import './detail-section';
import { minutesValuesOf } from './minutes-print';
import './todo';
import './veto-bar';
import {
  agendaOptions,
  castVote,
  createMeeting,
  deleteMeeting,
  examineMinutes,
  loadMeeting,
  markAbsent,
  MeetingStoreMessage,
  type MeetingView,
  meetingInScope,
  meetingActor,
  meetingNames,
  memberOptions,
  type NewMeeting,
  pageMeetings,
  recordConclusion,
  submitMinutes,
  transitionMeeting,
  updateMeeting,
} from './repository';
// Its documents are found by number from the header's search (stage-search.ts).
import './search';

const IMPLEMENT_PATH = MEETING_VOTE.menu;
/** Who may be picked as a member, 列席 or secretary. */
const SEATED_ROLES = [ROLE.CHAIR, ROLE.MEMBER, ROLE.SECRETARY, ROLE.RISK, ROLE.RISK_HEAD];

const enumOf = <const T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
const MemberRoleSchema = enumOf(['CHAIR', 'MEMBER', 'OBSERVER']);
const OpinionSchema = enumOf(['AGREE', 'AGREE_WITH_CONDITIONS', 'DISAGREE', 'RECONSIDER']);
const ConclusionSchema = enumOf(Object.keys(CONCLUSION_LABEL) as (keyof typeof CONCLUSION_LABEL)[]);
const StatusSchema = enumOf(Object.keys(MEETING_STATUS_LABEL) as (keyof typeof MEETING_STATUS_LABEL)[]);
const Text = (max: number) => Type.String({ maxLength: max });
const Conditions = Type.Array(Text(200), { maxItems: 20 });

const PlanFields = {
  title: Text(100),
  form: enumOf(Object.keys(MEETING_FORM_LABEL)),
  location: Text(100),
  scheduledAt: Type.String({ format: 'date-time' }),
  chairId: Id,
  members: Type.Array(Type.Object({ userId: Id, role: MemberRoleSchema }, { additionalProperties: false }), {
    maxItems: 30,
  }),
  agenda: Type.Array(Type.Object({ businessId: Id }, { additionalProperties: false }), { maxItems: 30 }),
};
const PlanBody = Type.Object(PlanFields, { additionalProperties: false });
type PlanBody = Static<typeof PlanBody>;
const UpdateBody = Type.Object({ ...PlanFields, version: Version }, { additionalProperties: false });

const TransitionBody = Type.Object(
  {
    action: enumOf(['notify', 'openVoting', 'closeVoting', 'cancel']),
    version: Version,
    comment: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);
const VoteBody = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, maximum: 1000 }),
    /** The member the vote is for; the caller themselves when left out. */
    memberId: Type.Optional(Id),
    opinion: OpinionSchema,
    conditions: Type.Optional(Conditions),
    comment: Type.Optional(Text(500)),
  },
  { additionalProperties: false },
);
const MinutesBody = Type.Object(
  { version: Version, comment: Type.Optional(Text(500)), minutesText: Type.Optional(Text(5000)) },
  { additionalProperties: false },
);
const ExamineBody = Type.Object(
  {
    action: enumOf(['approve', 'return']),
    version: Version,
    comment: Type.Optional(Text(500)),
    /** The passed items the chair vetoes in approving. */
    vetoSeqs: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), { maxItems: 30 })),
    /** Each vetoed item's reason (否决意见): every item vetoed names one. */
    vetoReasons: Type.Optional(
      Type.Array(
        Type.Object(
          { seq: Type.Integer({ minimum: 1, maximum: 1000 }), reason: Text(500) },
          { additionalProperties: false },
        ),
        { maxItems: 30 },
      ),
    ),
  },
  { additionalProperties: false },
);
const AbsentBody = Type.Object({ memberId: Id }, { additionalProperties: false });
const ConclusionBody = Type.Object(
  {
    seq: Type.Integer({ minimum: 1, maximum: 1000 }),
    conclusion: ConclusionSchema,
    conditions: Type.Optional(Conditions),
    minutes: Type.Optional(Text(5000)),
  },
  { additionalProperties: false },
);
const PageQuery = Type.Object(
  { ...PageQueryFields, status: Type.Optional(StatusSchema), keyword: Type.Optional(Text(50)) },
  { additionalProperties: false },
);
type PageQuery = Static<typeof PageQuery>;
const ExportQuery = Type.Object(
  { status: Type.Optional(StatusSchema), keyword: Type.Optional(Text(50)), menuId: Type.Optional(Text(200)) },
  { additionalProperties: false },
);
type ExportQuery = Static<typeof ExportQuery>;
const DeleteQuery = Type.Object({ version: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });

const VoteSchema = Type.Object({
  memberId: Type.String(),
  name: Type.String(),
  opinion: OpinionSchema,
  conditions: Type.Array(Type.String()),
  comment: Type.String(),
  votedAt: Type.String(),
});
const ItemSchema = Type.Object({
  seq: Type.Integer(),
  businessId: Type.String(),
  businessNo: Type.String(),
  supplierName: Type.String(),
  applyAmount: Type.Integer({ description: '申请金额（分）' }),
  conclusion: Type.Union([ConclusionSchema, Type.Null()]),
  conditions: Type.Array(Type.String()),
  minutes: Type.Union([Type.String(), Type.Null()]),
  votes: Type.Array(VoteSchema),
  tally: MeetingTallySchema,
  myVote: Type.Union([VoteSchema, Type.Null()]),
});
/** What a meeting's list row and its full view both begin with. */
const MeetingPlace = {
  meetingId: Type.String(),
  meetingNo: Type.String(),
  title: Type.String(),
  form: Type.String(),
  scheduledAt: Type.String(),
  location: Type.String(),
};
const MeetingSchema = Type.Object({
  ...MeetingPlace,
  chairId: Type.String(),
  secretaryId: Type.String(),
  secretaryName: Type.String(),
  status: StatusSchema,
  version: Type.Integer(),
  minutesSubmittedAt: Type.Union([Type.String(), Type.Null()]),
  minutesReviewComment: Type.Union([Type.String(), Type.Null()]),
  minutesText: Type.Union([Type.String(), Type.Null()]),
  members: Type.Array(
    Type.Object({
      userId: Type.String(),
      name: Type.String(),
      role: MemberRoleSchema,
      attendance: Type.Union([enumOf(['PRESENT', 'ABSENT']), Type.Null()]),
    }),
  ),
  items: Type.Array(ItemSchema),
});
const RowSchema = Type.Object({
  ...MeetingPlace,
  itemCount: Type.Integer(),
  chairName: Type.String(),
  secretaryId: Type.String(),
  status: StatusSchema,
  version: Type.Integer(),
});

const tags = ['business'];

/** A move on one meeting (`/:id/…`): who may, its words in the API docs, its body and what it answers. */
const onMeeting = (access: RouteAccess, summary: string, body: TSchema, answer: TSchema = MeetingSchema) => ({
  config: { access },
  schema: { tags, summary, params: IdParams, body, response: envelopeResponses(answer) },
});

/** One list's page of meetings: the list's page, its words in the API docs. */
const meetingPage = (menu: string, summary: string) => ({
  config: { access: { menu } },
  schema: { tags, summary, querystring: PageQuery, response: envelopeResponses(pageOf(RowSchema)) },
});

export const meetingRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const { db } = deps;
  const caller = async (request: FastifyRequest) => {
    const { tenantId, userId } = sessionOf(request);
    return { tenantId, actor: await meetingActor(db, tenantId, userId) };
  };

  /** The meeting as its screens read it: names beside ids, and the caller's own vote on each item. */
  const describe = async (tenantId: string, m: MeetingView, userId: string) => {
    const names = await meetingNames(db, tenantId, m);
    const person = (id: string) => names.people.get(id) ?? '';
    return {
      meetingId: m.meetingId,
      meetingNo: m.meetingNo,
      title: m.title,
      form: m.form,
      scheduledAt: m.scheduledAt,
      location: m.location,
      chairId: m.chairId,
      secretaryId: m.secretaryId,
      secretaryName: person(m.secretaryId),
      status: m.status,
      version: m.version,
      minutesSubmittedAt: m.minutesSubmittedAt,
      minutesReviewComment: m.minutesReviewComment,
      minutesText: m.minutesText,
      members: m.members.map((x) => ({ ...x, name: person(x.userId) })),
      items: m.items.map((i) => {
        const votes = i.votes.map((v) => ({ ...v, name: person(v.memberId) }));
        const business = names.businesses.get(i.businessId);
        return {
          seq: i.seq,
          businessId: i.businessId,
          businessNo: business?.businessNo ?? '',
          supplierName: business?.supplierName ?? '',
          applyAmount: business?.applyAmount ?? 0,
          conclusion: i.conclusion,
          conditions: i.conditions,
          minutes: i.minutes,
          votes,
          tally: i.tally,
          myVote: votes.find((v) => v.memberId === userId) ?? null,
        };
      }),
    };
  };

  /** Item `seq` as its meeting now reads to the caller: what a vote or a conclusion answers. */
  const itemNow = async (tenantId: string, meetingId: string, seq: number, userId: string) =>
    (await describe(tenantId, await loadMeeting(db, tenantId, meetingId), userId)).items.find((i) => i.seq === seq);

  /** The caller's data scope, as every list's (stage-scope.ts): the meetings they see hear only businesses in it. */
  const scopeOf = async (request: FastifyRequest) => fixedScopeOf(await actorOf(request, db));

  /**
   * A meeting is read by those who take part in it (the secretary, chair, members, 列席) from their pages, and
   * by whoever holds 会议信息管理; anyone else of the tenant is refused. One that hears a business outside the
   * caller's data scope is not found, as that business is not.
   */
  const readable = async (request: FastifyRequest, m: MeetingView) => {
    const { userId, tenantId } = sessionOf(request);
    if (!(await meetingInScope(db, tenantId, m.meetingId, await scopeOf(request)))) {
      throw notFound(MeetingStoreMessage.notFound);
    }
    if (m.secretaryId === userId || m.members.some((x) => x.userId === userId)) return;
    if (grantAllows(await sessionOf(request).grants(), normalizeMenuPath(MEETING_MANAGE_PATH))) return;
    throw forbidden();
  };

  const log = (tenantId: string, userId: string, action: string, targetId: string, after: unknown, before?: unknown) =>
    logOperation(db, {
      tenantId,
      userId,
      now: deps.now(),
      action: `review_meeting.${action}`,
      targetType: 'review_meeting',
      targetId,
      before,
      after,
    });

  const planOf = (body: PlanBody, secretaryId: string): NewMeeting => ({
    title: body.title,
    form: body.form,
    location: body.location,
    scheduledAt: body.scheduledAt,
    chairId: body.chairId,
    secretaryId,
    members: body.members,
    agenda: body.agenda,
  });

  app.get<{ Querystring: PageQuery }>(
    `${MEETING_API}/page`,
    {
      config: { access: { menu: MEETING_MANAGE_PATH } },
      schema: { tags, summary: '评审会分页', querystring: PageQuery, response: envelopeResponses(pageOf(RowSchema)) },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const page = pageRequest(request.query);
      const { records, total } = await pageMeetings(
        db,
        tenantId,
        {
          scope: await scopeOf(request),
          ...(request.query.status ? { status: request.query.status } : {}),
          ...(request.query.keyword ? { keyword: request.query.keyword } : {}),
        },
        page,
      );
      return ok({ records, total, current: page.current, size: page.size });
    },
  );

  // 导出 of 会议信息管理 (BUSINESS.md §4: every list exports its current filter), in the caller's data scope.
  app.get<{ Querystring: ExportQuery }>(
    `${MEETING_API}/export`,
    {
      config: { access: { menu: MEETING_MANAGE_PATH, op: 'export' } },
      schema: { tags, summary: '导出评审会（当前筛选条件）', querystring: ExportQuery },
    },
    async (request, reply) => {
      const { tenantId } = sessionOf(request);
      const { records } = await pageMeetings(
        db,
        tenantId,
        {
          scope: await scopeOf(request),
          ...(request.query.status ? { status: request.query.status } : {}),
          ...(request.query.keyword ? { keyword: request.query.keyword } : {}),
        },
        { offset: 0, size: EXPORT_MAX_ROWS },
      );
      const workbook = new (await loadExcel()).Workbook();
      workbook.creator = 'wsf-gateway';
      const sheet = workbook.addWorksheet('评审会');
      const columns: [string, (r: (typeof records)[number]) => string | number][] = [
        ['会议编号', (r) => r.meetingNo],
        ['主题', (r) => r.title],
        ['时间', (r) => shanghaiDateTime(r.scheduledAt)],
        ['形式', (r) => MEETING_FORM_LABEL[r.form as keyof typeof MEETING_FORM_LABEL] ?? r.form],
        ['地点', (r) => r.location],
        ['议题数', (r) => r.itemCount],
        ['主任委员', (r) => r.chairName],
        ['状态', (r) => MEETING_STATUS_LABEL[r.status as keyof typeof MEETING_STATUS_LABEL] ?? r.status],
      ];
      sheet.columns = columns.map(([header]) => ({ header, width: 20 }));
      sheet.getRow(1).font = { bold: true };
      for (const r of records) sheet.addRow(columns.map(([, value]) => value(r)));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition('attachment', '评审会.xlsx'))
        .send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  );

  app.get<{ Querystring: PageQuery }>(
    `${MEETING_API}/mine`,
    meetingPage(IMPLEMENT_PATH, '我参加的评审会（已通知、表决中、已结束）'),
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const page = pageRequest(request.query);
      const { records, total } = await pageMeetings(
        db,
        tenantId,
        {
          scope: await scopeOf(request),
          participant: userId,
          statuses: request.query.status ? [request.query.status] : ['NOTIFIED', 'VOTING', 'CLOSED'],
        },
        page,
      );
      return ok({ records, total, current: page.current, size: page.size });
    },
  );

  app.get<{ Querystring: PageQuery }>(
    `${MEETING_API}/examine/page`,
    meetingPage(MEETING_EXAMINE_PATH, '评审会审核：纪要待本人（主任委员）审核的评审会'),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const page = pageRequest(request.query);
      const { records, total } = await pageMeetings(
        db,
        tenantId,
        {
          scope: await scopeOf(request),
          minutesFor: actor.roles.has(ROLE.ADMIN) ? '*' : actor.userId,
          ...(request.query.keyword ? { keyword: request.query.keyword } : {}),
        },
        page,
      );
      return ok({ records, total, current: page.current, size: page.size });
    },
  );

  app.get(
    `${MEETING_API}/options`,
    {
      config: { access: { menu: MEETING_MAKE_PATH, op: 'edit' } },
      schema: {
        tags,
        summary: '评审会制作可选项：待上会业务与参会人',
        querystring: Type.Object({ meetingId: Type.Optional(Id) }, { additionalProperties: false }),
        response: envelopeResponses(
          Type.Object({
            businesses: Type.Array(
              Type.Object({
                businessId: Type.String(),
                businessNo: Type.String(),
                supplierName: Type.String(),
                applyAmount: Type.Integer(),
              }),
            ),
            people: Type.Array(
              Type.Object({ userId: Type.String(), name: Type.String(), roles: Type.Array(Type.String()) }),
            ),
          }),
        ),
      },
    },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const { meetingId } = request.query as { meetingId?: string };
      const [businesses, people] = await Promise.all([
        agendaOptions(db, tenantId, meetingId, await scopeOf(request)),
        memberOptions(db, tenantId, SEATED_ROLES),
      ]);
      return ok({ businesses, people });
    },
  );

  app.get(
    `${MEETING_API}/:id`,
    {
      config: { access: 'session' },
      schema: {
        tags,
        summary: '评审会详情（含实时计票）',
        params: IdParams,
        response: envelopeResponses(MeetingSchema),
      },
    },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      const m = await loadMeeting(db, tenantId, (request.params as IdParams).id);
      await readable(request, m);
      return ok(await describe(tenantId, m, userId));
    },
  );

  app.post<{ Body: PlanBody }>(
    MEETING_API,
    {
      config: { access: { menu: MEETING_MAKE_PATH, op: 'edit' } },
      schema: {
        tags,
        summary: '新建评审会（草稿），当前用户为会议秘书',
        body: PlanBody,
        response: envelopeResponses(Type.Object({ meetingId: Type.String(), meetingNo: Type.String() })),
      },
    },
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const made = await createMeeting(db, tenantId, planOf(request.body, actor.userId), actor, deps.now());
      await log(tenantId, actor.userId, 'create', made.meetingId, { ...request.body, meetingNo: made.meetingNo });
      return ok(made);
    },
  );

  app.put<{ Params: IdParams; Body: Static<typeof UpdateBody> }>(
    `${MEETING_API}/:id`,
    onMeeting({ menu: MEETING_MAKE_PATH, op: 'edit' }, '修改草稿评审会', UpdateBody),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const { version, ...plan } = request.body;
      const m = await updateMeeting(
        db,
        tenantId,
        request.params.id,
        version,
        planOf(plan, actor.userId),
        actor,
        deps.now(),
      );
      await log(tenantId, actor.userId, 'update', m.meetingId, plan);
      return ok(await describe(tenantId, m, actor.userId));
    },
  );

  app.delete<{ Params: IdParams; Querystring: Static<typeof DeleteQuery> }>(
    `${MEETING_API}/:id`,
    {
      config: { access: { menu: MEETING_MAKE_PATH, op: 'delete' } },
      schema: { tags, summary: '删除草稿评审会', params: IdParams, querystring: DeleteQuery },
    },
    async (request) => {
      const { tenantId, actor } = await caller(request);
      await deleteMeeting(db, tenantId, request.params.id, Number(request.query.version), actor);
      await log(tenantId, actor.userId, 'delete', request.params.id, null);
      return ok(null);
    },
  );

  app.post<{ Params: IdParams; Body: Static<typeof TransitionBody> }>(
    `${MEETING_API}/:id/transition`,
    // The page and code depend on the move (发送通知 on the make page, 开始/结束表决 on 评审会执行, 取消 on the
    // list): the meeting's table checks them against the caller's grants and answers 160300003.
    onMeeting(
      'session',
      '评审会流转：notify 发送通知 | openVoting 开始表决 | closeVoting 结束表决 | cancel 取消',
      TransitionBody,
    ),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const { action, version, comment } = request.body;
      const m = await transitionMeeting(
        db,
        tenantId,
        { meetingId: request.params.id, action, version, ...(comment !== undefined ? { comment } : {}) },
        actor,
        deps.now(),
      );
      await log(tenantId, actor.userId, action, m.meetingId, { status: m.status, comment }, { version });
      return ok(await describe(tenantId, m, actor.userId));
    },
  );

  app.post<{ Params: IdParams; Body: Static<typeof VoteBody> }>(
    `${MEETING_API}/:id/vote`,
    onMeeting({ menu: MEETING_VOTE.menu, op: MEETING_VOTE.op }, '本人对议题表决', VoteBody, ItemSchema),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const { seq, memberId, opinion, conditions, comment } = request.body;
      await castVote(
        db,
        tenantId,
        {
          meetingId: request.params.id,
          seq,
          memberId: memberId ?? actor.userId,
          opinion,
          ...(conditions ? { conditions } : {}),
          ...(comment !== undefined ? { comment } : {}),
        },
        actor,
        deps.now(),
      );
      await log(tenantId, actor.userId, 'vote', request.params.id, { seq, opinion, conditions, comment });
      return ok(await itemNow(tenantId, request.params.id, seq, actor.userId));
    },
  );

  app.post<{ Params: IdParams; Body: Static<typeof AbsentBody> }>(
    `${MEETING_API}/:id/absent`,
    onMeeting({ menu: IMPLEMENT_PATH, op: 'submit' }, '秘书登记委员缺席', AbsentBody),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const m = await markAbsent(db, tenantId, request.params.id, request.body.memberId, actor);
      await log(tenantId, actor.userId, 'absent', m.meetingId, request.body);
      return ok(await describe(tenantId, m, actor.userId));
    },
  );

  app.post<{ Params: IdParams; Body: Static<typeof ConclusionBody> }>(
    `${MEETING_API}/:id/conclusion`,
    onMeeting({ menu: MEETING_PRODUCTION_PATH, op: 'submit' }, '秘书记录议题结论与纪要', ConclusionBody, ItemSchema),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const { seq, conclusion, conditions, minutes } = request.body;
      await recordConclusion(
        db,
        tenantId,
        {
          meetingId: request.params.id,
          seq,
          conclusion,
          ...(conditions ? { conditions } : {}),
          ...(minutes !== undefined ? { minutes } : {}),
        },
        actor,
        deps.now(),
      );
      await log(tenantId, actor.userId, 'conclude', request.params.id, request.body);
      return ok(await itemNow(tenantId, request.params.id, seq, actor.userId));
    },
  );

  app.post<{ Params: IdParams; Body: Static<typeof MinutesBody> }>(
    `${MEETING_API}/:id/minutes/submit`,
    onMeeting(
      { menu: MEETING_PRODUCTION_PATH, op: 'submit' },
      '秘书提交纪要，送主任委员审核（每个议题须已形成结论）',
      MinutesBody,
    ),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const { version, comment, minutesText } = request.body;
      const m = await submitMinutes(
        db,
        tenantId,
        {
          meetingId: request.params.id,
          version,
          ...(comment !== undefined ? { comment } : {}),
          ...(minutesText !== undefined ? { minutesText } : {}),
        },
        actor,
        deps.now(),
      );
      await log(tenantId, actor.userId, 'submitMinutes', m.meetingId, { comment, minutesText }, { version });
      return ok(await describe(tenantId, m, actor.userId));
    },
  );

  app.post<{ Params: IdParams; Body: Static<typeof ExamineBody> }>(
    `${MEETING_API}/:id/examine`,
    // 通过 / 退回 on 评审会审核详情: the meeting's table checks the page's code and that the caller chairs it.
    onMeeting(
      'session',
      '主任委员审核纪要：approve 通过（各议题按结论流转，可否决已通过的议题）| return 退回',
      ExamineBody,
    ),
    async (request) => {
      const { tenantId, actor } = await caller(request);
      const { action, version, comment, vetoSeqs, vetoReasons } = request.body;
      const m = await examineMinutes(
        db,
        tenantId,
        {
          meetingId: request.params.id,
          action: action === 'approve' ? 'approveMinutes' : 'returnMinutes',
          version,
          ...(comment !== undefined ? { comment } : {}),
          ...(vetoSeqs ? { vetoSeqs } : {}),
          ...(vetoReasons ? { vetoReasons } : {}),
        },
        actor,
        deps.now(),
      );
      await log(
        tenantId,
        actor.userId,
        `${action}Minutes`,
        m.meetingId,
        { comment, vetoSeqs, vetoReasons },
        { version },
      );
      return ok(await describe(tenantId, m, actor.userId));
    },
  );

  app.get<{ Params: IdParams }>(
    `${MEETING_API}/:id/minutes`,
    {
      // Its own people print it from the room they read it in (评审会执行); anyone else needs 评审会详情's 导出.
      config: { access: 'session' },
      schema: { tags, summary: '评审会纪要（PDF，含记名表决）', params: IdParams },
    },
    async (request, reply) => {
      const { tenantId, userId } = sessionOf(request);
      const m = await loadMeeting(db, tenantId, request.params.id);
      await readable(request, m);
      const seated = m.secretaryId === userId || m.members.some((x) => x.userId === userId);
      if (!seated && !grantAllows(await sessionOf(request).grants(), normalizeMenuPath(MEETING_INFO_PATH), 'export')) {
        throw forbidden();
      }
      const values = await minutesValuesOf(db, tenantId, m);
      const doc = await renderDocument(MINUTES_TEMPLATE, values as unknown as Record<string, unknown>, {
        cjkFont: deps.cjkFont,
        fileName: `评审会纪要-${m.meetingNo}`,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', doc.fileName))
        .send(doc.pdf);
    },
  );
};

export default meetingRoutes;
