// Wire shapes of 审核类型配置, 业务审核 and the workbench (BUSINESS.md §1.5, §4), written once with TypeBox
// from the domain's own lists (review types, approve methods, reject handlers, the workbench tabs).
import { type Static, type TSchema, Type } from 'typebox';
import { APPROVE_METHOD_LABEL, MAX_REVIEW_LEVELS, REJECT_HANDLER_LABEL } from '../../../../src/domain/financing/review';
import { TODO_TABS } from '../../../../src/domain/financing/review-queue';
import { envelopeResponses } from '../../plugins/envelope';
import { PreCreditSectionSchema } from '../business/section-schemas';
import { PageQueryFields, Version, pageOf } from '../../schemas/common';
import { REVIEW_TYPES } from '../../../../src/domain/financing/stages';

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

const ReviewTypeCode = literals(REVIEW_TYPES);
const ApproveMethod = literals(Object.keys(APPROVE_METHOD_LABEL));
const RejectHandler = literals(Object.keys(REJECT_HANDLER_LABEL));
const Code = Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z][A-Za-z0-9_]*$' });
const UserId = Type.String({ pattern: '^[0-9A-Za-z_-]{1,64}$' });
const MenuId = Type.String({ maxLength: 200, description: '菜单 id（SPEC §7.2 菜单范围的调用自动附带）' });

/** One level as configured; the numbers' ranges are checkAuditType's (its Chinese words), not the schema's. */
export const LevelConfig = Type.Object(
  {
    roles: Type.Array(Code, { maxItems: 20, uniqueItems: true, description: '角色编码' }),
    userIds: Type.Array(UserId, { maxItems: 50, uniqueItems: true, description: '指定人员' }),
    approveMethod: ApproveMethod,
    ratioPercent: optional(
      nullable(Type.Integer({ minimum: -1000, maximum: 1000, description: '会签按比例：通过比例（%）' })),
    ),
    rejectHandler: RejectHandler,
    returnToLevel: optional(nullable(Type.Integer({ minimum: -100, maximum: 100, description: '退回指定级次' }))),
    timeoutHours: optional(nullable(Type.Integer({ minimum: 1, maximum: 8760, description: '超时提醒（小时）' }))),
  },
  { additionalProperties: false },
);

const AuditType = Type.Object({
  code: Type.String(),
  name: Type.String(),
  enabled: Type.Boolean(),
  levels: Type.Array(LevelConfig),
  version: Type.Integer(),
  updatedAt: Type.String(),
  updatedByName: Type.String(),
});

export const auditTypeListSchema = {
  tags: ['review'],
  summary: '审核类型配置列表（每个审核类型一行）',
  response: envelopeResponses(Type.Array(AuditType)),
};

export const CodeParams = Type.Object({ code: ReviewTypeCode }, { additionalProperties: false });
export type CodeParams = Static<typeof CodeParams>;

export const AuditTypeBody = Type.Object(
  {
    enabled: Type.Boolean(),
    // At most a few past the limit, so that checkAuditType answers 审核级次最多5级 in its own words.
    levels: Type.Array(LevelConfig, { maxItems: MAX_REVIEW_LEVELS + 5 }),
    version: Version,
  },
  { additionalProperties: false },
);
export type AuditTypeBody = Static<typeof AuditTypeBody>;

export const auditTypeEditSchema = {
  tags: ['review'],
  summary: '修改审核类型配置（仅对此后提交的事项生效）',
  params: CodeParams,
  body: AuditTypeBody,
  response: envelopeResponses(AuditType),
};

const Named = Type.Object({ code: Type.String(), name: Type.String() });
const Person = Type.Object({ userId: Type.String(), nickName: Type.String(), userName: Type.String() });
export const auditTypeCandidatesSchema = {
  tags: ['review'],
  summary: '审核级次可选的角色与人员（本租户）',
  response: envelopeResponses(Type.Object({ roles: Type.Array(Named), users: Type.Array(Person) })),
};

export const ExamineQuery = Type.Object(
  {
    ...PageQueryFields,
    type: optional(ReviewTypeCode),
    businessNo: optional(Type.String({ maxLength: 40 })),
    menuId: optional(MenuId),
  },
  { additionalProperties: false },
);
export type ExamineQuery = Static<typeof ExamineQuery>;

const QueueItem = Type.Object({
  businessId: Type.String(),
  businessNo: Type.String(),
  type: Type.String(),
  typeLabel: Type.String(),
  supplierName: Type.String(),
  amount: Type.Integer({ description: '分' }),
  level: Type.Integer(),
  levels: Type.Integer(),
  makerName: Type.String(),
  arrivedAt: Type.String(),
  waitingMinutes: Type.Integer(),
  overdue: Type.Boolean({ description: '超过本级超时提醒时长（仅提醒）' }),
  state: Type.String(),
  version: Type.Integer(),
});

export const examinePageSchema = {
  tags: ['review'],
  summary: '待我审核的事项（当前级次的审核人是我）',
  querystring: ExamineQuery,
  response: envelopeResponses(pageOf(QueueItem)),
};

export const ExamineDetailParams = Type.Object({ id: UserId }, { additionalProperties: false });
export const ExamineDetailQuery = Type.Object(
  { type: optional(ReviewTypeCode), menuId: optional(MenuId) },
  { additionalProperties: false },
);

const ReviewLevelView = Type.Object({
  level: Type.Integer(),
  approveMethod: Type.String(),
  approveMethodLabel: Type.String(),
  rejectHandlerLabel: Type.String(),
  reviewerNames: Type.Array(Type.String()),
  approvedNames: Type.Array(Type.String()),
});

const EventView = Type.Object({
  keyId: Type.String(),
  stage: Type.String(),
  fromState: nullable(Type.String()),
  toState: Type.String(),
  fromLabel: nullable(Type.String()),
  toLabel: Type.String(),
  action: Type.String(),
  actionLabel: Type.String(),
  level: nullable(Type.Integer()),
  actorName: Type.String(),
  actorRole: Type.String(),
  comment: Type.String(),
  at: Type.String(),
});

export const examineDetailSchema = {
  tags: ['review'],
  summary: '审核页：业务摘要、审核进度、业务轨迹与我可执行的操作',
  params: ExamineDetailParams,
  querystring: ExamineDetailQuery,
  response: envelopeResponses(
    Type.Object({
      businessId: Type.String(),
      businessNo: Type.String(),
      type: nullable(Type.String()),
      typeLabel: Type.String(),
      supplierName: Type.String(),
      projectCompanyName: Type.String(),
      capitalSideName: Type.String(),
      productName: Type.String({ description: '资金产品' }),
      applyAmount: Type.Integer(),
      approvedAmount: nullable(Type.Integer()),
      state: Type.String(),
      stateLabel: Type.String(),
      suspended: Type.Boolean(),
      makerName: Type.String(),
      arrivedAt: nullable(Type.String()),
      version: Type.Integer(),
      review: nullable(Type.Object({ level: Type.Integer(), levels: Type.Array(ReviewLevelView) })),
      events: Type.Array(EventView),
      actions: Type.Array(Type.String()),
      preCredit: Type.Optional(
        Type.Union([PreCreditSectionSchema, Type.Null()], {
          description: '预授信审核时只读展示的申请内容：依据付款单（可融资余额、融资比例）、有效期',
        }),
      ),
    }),
  ),
};

export const TodoQuery = Type.Object(
  { ...PageQueryFields, tab: optional(literals(TODO_TABS)), menuId: optional(MenuId) },
  { additionalProperties: false },
);
export type TodoQuery = Static<typeof TodoQuery>;

const TodoItem = Type.Object({
  itemType: Type.String(),
  itemTypeLabel: Type.String(),
  businessId: Type.String(),
  businessNo: Type.String(),
  supplierName: Type.String(),
  amount: Type.Integer(),
  stage: Type.String(),
  state: Type.String(),
  stateLabel: Type.String(),
  level: nullable(Type.Integer()),
  levels: nullable(Type.Integer()),
  arrivedAt: Type.String(),
  waitingMinutes: Type.Integer(),
  overdue: Type.Boolean({ description: '超过本级超时提醒时长（仅提醒）' }),
  link: Type.String(),
});

export const todoPageSchema = {
  tags: ['workbench'],
  summary: '我的待办（待审核、待制作、到期提醒）',
  querystring: TodoQuery,
  response: envelopeResponses(pageOf(TodoItem)),
};

export const todoCountSchema = {
  tags: ['workbench'],
  summary: '我的待办数量（菜单角标；至多100，菜单显示99+）',
  querystring: Type.Object({ menuId: optional(MenuId) }, { additionalProperties: false }),
  response: envelopeResponses(Type.Object({ count: Type.Integer() })),
};

export const DoneQuery = Type.Object({ ...PageQueryFields, menuId: optional(MenuId) }, { additionalProperties: false });
export type DoneQuery = Static<typeof DoneQuery>;

const DoneItem = Type.Object({
  keyId: Type.String(),
  businessId: Type.String(),
  businessNo: Type.String(),
  action: Type.String(),
  actionLabel: Type.String(),
  comment: Type.String(),
  at: Type.String(),
  stage: Type.String(),
  stateLabel: Type.String(),
  level: nullable(Type.Integer()),
});

export const donePageSchema = {
  tags: ['workbench'],
  summary: '我的已办（我在业务上做过的操作）',
  querystring: DoneQuery,
  response: envelopeResponses(pageOf(DoneItem)),
};
