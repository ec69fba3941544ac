// Every route of SPEC §2.2 with its Chinese title, grouped by area as DESIGN.md §4 lays out the menu tree.
// One table serves both sides: the gateway seeds the menu tree from it and the client builds its router
// from it, so a route and its menu item cannot drift apart. Detail, make and audit pages are hidden
// children of the list they belong to, so the sidebar highlights that list (SPEC §2.4).
//
// Caching: SPEC §2.4 says "default is caching on" and §2.2 marks the exceptions "(not cached)" / "(no
// caching)" route by route — notes that would be pointless if nothing were cached by default, although
// §2.2's heading reads "uncached unless noted". We follow §2.4 and the per-route notes: pages are kept
// alive unless marked `cache: false` here.

/** 审核类型配置: its 编辑 belongs to administrators and risk heads, never to makers (BUSINESS.md §1.5). */
export const REVIEW_TYPE_CONFIG_PATH = '/business/auditTypeList';

export type OperationCode =
  | 'add'
  | 'edit'
  | 'delete'
  | 'export'
  | 'import'
  | 'submit'
  | 'examine'
  | 'reject'
  | 'resetPwd'
  | 'authorize'
  | 'lock'
  | 'unlock'
  /** 撤回, also 撤销签署 (BUSINESS.md §4). */
  | 'withdraw'
  /** 终止, 否决, 作废 (BUSINESS.md §4). */
  | 'terminate';

export const ALL_OPERATION_CODES: readonly OperationCode[] = [
  'add',
  'edit',
  'delete',
  'export',
  'import',
  'submit',
  'examine',
  'reject',
  'resetPwd',
  'authorize',
  'lock',
  'unlock',
  'withdraw',
  'terminate',
];

export interface RouteEntry {
  /** As written in SPEC §2.2 (one is written without a leading slash). */
  path: string;
  title: string;
  icon?: string;
  hidden?: boolean;
  /** Keep the page alive while its tag is open (SPEC §2.4); true unless SPEC §2.2 says otherwise. */
  cache?: boolean;
  ops: readonly OperationCode[];
  children?: readonly RouteEntry[];
}

export interface MenuArea {
  /** The group's menu path; not a route of its own. */
  path: string;
  title: string;
  icon: string;
  children: readonly RouteEntry[];
}

const CRUD: readonly OperationCode[] = ['add', 'edit', 'delete', 'export'];
const REVIEW: readonly OperationCode[] = ['examine', 'reject', 'export'];
const VIEW: readonly OperationCode[] = ['export'];
const NONE: readonly OperationCode[] = [];

// Generic in the path so that the catalogue's paths stay literal types (CataloguePath below).
const hidden = <const P extends string>(
  path: P,
  title: string,
  ops: readonly OperationCode[] = NONE,
  extra: Omit<Partial<RouteEntry>, 'path'> = {},
) => ({ path, title, hidden: true, ops, ...extra }) satisfies RouteEntry;

const AREAS = [
  {
    path: '/workbench',
    title: '工作台',
    icon: 'desktop',
    children: [
      { path: '/workbench/technological/todo', title: '我的待办', icon: 'task', cache: false, ops: NONE },
      { path: '/workbench/technological/done', title: '我的已办', icon: 'checklist', cache: false, ops: NONE },
      hidden('/preView/preViewMain', '文件预览'),
    ],
  },
  {
    path: '/financingDemandManagement',
    title: '融资需求',
    icon: 'target',
    children: [
      {
        path: '/financingDemandManagement/financingDemandManagement',
        title: '融资需求管理',
        ops: ['add', 'examine', 'reject', 'export'],
      },
    ],
  },
  // The codes of BUSINESS.md §4 route by route; make, detail and audit pages are hidden children of their list.
  {
    path: '/business',
    title: '业务管理',
    icon: 'briefcase',
    children: [
      {
        path: '/business/financingBusinessManage',
        title: '融资业务管理',
        ops: ['terminate', 'lock', 'unlock', 'export'],
        children: [hidden('/business/newDetails', '业务详情', VIEW)],
      },
      { path: '/business/examine', title: '业务审核', ops: ['examine', 'reject'] },
      { path: REVIEW_TYPE_CONFIG_PATH, title: '审核类型配置', ops: ['edit'] },
      {
        path: '/business/preCreditApplicationManage',
        title: '预授信申请管理',
        ops: ['add', 'edit', 'withdraw', 'delete', 'export'],
        children: [hidden('/business/applyForRufs', '申请预授信', ['submit'])],
      },
      {
        path: '/business/financingApplicationManagement',
        title: '融资申请管理',
        ops: ['add', 'edit', 'withdraw', 'delete', 'export'],
        children: [hidden('/business/accessDocumentsMake', '准入资料制作', ['edit', 'submit'])],
      },
      {
        path: '/business/financingApplicationExamine',
        title: '融资申请审核',
        ops: NONE,
        children: [hidden('/business/financingApplicationExamineInfo', '融资申请审核详情', ['examine', 'reject'])],
      },
      {
        path: '/business/reportProductionMake',
        title: '报告制作',
        // 导出 of the list the report kit serves, as every stage's list has it.
        ops: ['add', 'edit', 'export'],
        children: [
          hidden('/business/reportProductionInfo', '报告详情', VIEW),
          hidden('/business/report-production-make/makeProcess', '报告制作流程', ['edit', 'submit'], { cache: true }),
        ],
      },
      {
        path: '/business/reportProductionExamine',
        title: '报告审核',
        ops: NONE,
        children: [hidden('/business/reportProductionExamineInfo', '报告审核详情', ['examine', 'reject'])],
      },
      {
        path: '/business/meetingInfoManage',
        title: '会议信息管理',
        ops: ['add', 'terminate', 'export'],
        children: [
          hidden('/business/approvalReviewMeetingMake', '评审会制作', ['edit', 'submit', 'delete']),
          hidden('/business/approvalProduction', '审批材料制作', ['submit']),
          hidden('/business/approvalReviewMeetingInfo', '评审会详情', VIEW),
        ],
      },
      { path: '/business/approvalReviewMeetingImplementList', title: '评审会执行', ops: ['examine', 'submit'] },
      {
        path: '/business/approvalReviewMeetingExamine',
        title: '评审会审核',
        ops: NONE,
        children: [hidden('/business/approvalReviewMeetingExamineInfo', '评审会审核详情', ['examine', 'reject'])],
      },
      {
        path: '/business/financingDecisionManage',
        title: '融资决议管理',
        ops: ['add', 'export'],
        children: [hidden('/business/decisionMake', '决议制作', ['edit', 'submit'])],
      },
      {
        path: '/business/resolutionReview',
        title: '决议审核',
        ops: NONE,
        children: [hidden('business/resolutionReview/audit', '决议审核详情', ['examine', 'reject', 'terminate'])],
      },
      {
        path: '/business/essentialFactor/manage',
        title: '要素管理',
        ops: ['add', 'export'],
        children: [hidden('/business/essentialFactor/elementProduction', '要素制作', ['edit', 'submit'])],
      },
      {
        path: '/business/essentialFactor/implementationReview',
        title: '要素落实审核',
        ops: NONE,
        children: [hidden('/business/essentialFactor/ImplementAudit', '要素落实审核详情', ['examine', 'reject'])],
      },
      {
        path: '/business/contractFileManage',
        title: '合同文件管理',
        ops: ['add', 'terminate', 'export'],
        children: [
          hidden('/business/contractFileManage/info', '合同文件详情', VIEW),
          hidden('/business/contractFileMake/contractFileMake', '合同制作', ['edit', 'submit']),
          hidden('/business/contractFileMake/contractFileMakeSignature', '合同签章', ['submit']),
        ],
      },
      {
        path: '/business/contractFileReview',
        title: '合同审核',
        ops: NONE,
        children: [
          hidden('/business/contractFileReview/contractFileReviewFactor', '合同要素审核', ['examine', 'reject']),
        ],
      },
      {
        path: '/business/signManagement',
        title: '签约管理',
        ops: VIEW,
        children: [
          hidden('/business/onlineSigning', '在线签约', ['submit', 'withdraw']),
          hidden('/business/applyOnlineSigning', '申请线上签约', ['submit']),
          hidden('/business/applyOfflineSigning', '申请线下签约', ['submit']),
          hidden('/business/signingDetails', '签约详情'),
          hidden('/business/signSupplement', '签约补充', ['submit']),
          hidden('/business/signFileDetails', '签约文件详情', VIEW),
        ],
      },
      { path: '/business/pushProduction', title: '推送制作', ops: ['add', 'submit', 'edit', 'export'] },
      { path: '/business/formalLetterManagement', title: '正式函件管理', ops: ['add', 'submit', 'edit', 'export'] },
      { path: '/business/lendingRegistration', title: '放款登记', ops: ['add', 'examine', 'reject', 'export'] },
      {
        path: '/business/repaymentplan',
        title: '还款计划',
        ops: VIEW,
        children: [hidden('/repaymentPlanInfo', '还款计划详情', VIEW)],
      },
      { path: '/business/paymentRegistration', title: '还款登记', ops: ['add', 'examine', 'reject', 'export'] },
    ],
  },
  {
    path: '/durationManage',
    title: '存续期管理',
    icon: 'clock',
    children: [
      {
        path: '/durationManage/durationExamineReport',
        title: '存续期检查报告',
        cache: false,
        ops: ['add', 'edit', 'submit', 'examine', 'reject', 'export'],
      },
      { path: '/durationManage/loanReportMakeStatistics', title: '贷后报告统计', cache: false, ops: VIEW },
    ],
  },
  {
    path: '/assetsManage',
    title: '资产管理',
    icon: 'box',
    children: [
      // BUSINESS.md §4's codes for the assets routes (新增项目 is kept beside the import).
      {
        path: '/assetsManage/projectInformation',
        title: '项目信息',
        cache: false,
        ops: ['add', 'import', 'edit', 'export'],
      },
      {
        path: '/assetsManage/paymentOrderInformation',
        title: '付款单信息',
        cache: false,
        ops: ['import', 'add', 'edit', 'examine', 'lock', 'export'],
        children: [hidden('/assetsManage/PaymentOrderDetails', '付款单详情')],
      },
      { path: '/assetsManage/interviewMinutes', title: '资产访谈纪要', ops: ['add', 'edit', 'export'] },
      {
        path: '/assetsManage/assetChangeQuery',
        title: '资产变更查询',
        cache: false,
        ops: ['examine', 'export'],
        children: [hidden('/assetsManage/assetChangeDetail', '资产变更详情', ['examine'], { cache: false })],
      },
    ],
  },
  {
    path: '/CRM',
    title: '客户关系管理',
    icon: 'people',
    children: [
      {
        path: '/CRM/interviewMinutesManagement',
        title: '访谈纪要管理',
        cache: false,
        ops: CRUD,
        children: [hidden('/CRM/interviewMinutesMake', '访谈纪要制作', ['submit'], { cache: false })],
      },
      { path: '/CRM/enterpriseInformation', title: '企业信息', cache: false, ops: ['edit', 'export'] },
    ],
  },
  {
    path: '/risk',
    title: '风险管理',
    icon: 'shield',
    children: [
      { path: '/risk/accountManage', title: '监管账户管理', ops: ['add', 'edit', 'lock', 'unlock', 'export'] },
      // 处理 is examine (BUSINESS.md §4); add records an alert found by hand.
      { path: '/risk/riskDetection', title: '风险监测', ops: ['add', 'examine', 'export'] },
      { path: '/risk/contractLock', title: '合同锁定', ops: ['lock', 'unlock', 'export'] },
      { path: '/risk/negativePublicOpinion', title: '负面舆情', ops: [...CRUD, 'examine'] },
      { path: '/risk/supplierLock', title: '供应商锁定', ops: ['lock', 'unlock', 'export'] },
    ],
  },
  {
    path: '/parameterManage',
    title: '参数管理',
    icon: 'options',
    children: [
      { path: '/parameterManage/parameterSubsidiary', title: '子公司参数', ops: CRUD },
      // BUSINESS.md §4: 保存 makes a new version (edit); nothing is added or deleted by hand.
      { path: '/parameterManage/summaryRiskControl', title: '风控汇总参数', ops: ['edit', 'export'] },
    ],
  },
  {
    path: '/fundManagement',
    title: '资金管理',
    icon: 'money',
    children: [
      {
        path: '/fundManagement/fundmanagement',
        title: '资金方管理',
        // BUSINESS.md §4: 停用 / 启用 are lock / unlock.
        ops: [...CRUD, 'lock', 'unlock'],
        children: [hidden('/addFund', '新增资金方', ['add'])],
      },
    ],
  },
  {
    path: '/basicDataManagement',
    title: '基础数据',
    icon: 'database',
    children: [
      {
        path: '/basicDataManagement/userManagment',
        title: '用户管理',
        ops: ['add', 'edit', 'delete', 'export', 'import', 'resetPwd', 'authorize'],
      },
      {
        path: '/basicDataManagement/rolesManagment',
        title: '角色管理',
        ops: ['add', 'edit', 'delete', 'authorize'],
        children: [hidden('/basicDataManagement/rolesManagment/jurisdiction', '角色权限', ['authorize'])],
      },
      { path: '/basicDataManagement/orgMain', title: '组织管理', ops: CRUD },
      {
        path: '/basicDataManagement/projectCompanyManagement',
        title: '项目公司管理',
        ops: CRUD,
        children: [hidden('/addProjectCompany', '新增项目公司', ['add'])],
      },
      {
        path: '/basicDataManagement/supplierManagement',
        title: '供应商管理',
        ops: CRUD,
        children: [hidden('/addSupplier', '新增供应商', ['add'])],
      },
      { path: '/basicDataManagement/certificateManagement', title: '证书管理', ops: CRUD },
      { path: '/basicDataManagement/enterpriseCertification', title: '企业认证', ops: ['add', ...REVIEW] },
      { path: '/basicDataManagement/personalCertification', title: '个人认证', ops: ['add', ...REVIEW] },
    ],
  },
] as const satisfies readonly MenuArea[];

export const MENU_AREAS: readonly MenuArea[] = AREAS;

/**
 * A hidden page some of its readers read elsewhere, by the same `?id=`: the committee's chair and members read
 * a meeting — members, votes, conclusions, minutes — in its room on 评审会执行, since a grant of 评审会详情 would
 * bring them 会议信息管理, the secretary's list of every meeting (BUSINESS.md "Decisions": Meeting). Whoever
 * lacks the page but holds the other is taken there instead of to 401.
 */
export const READ_ELSEWHERE: ReadonlyMap<string, string> = new Map([
  ['/business/approvalReviewMeetingInfo', '/business/approvalReviewMeetingImplementList'],
]);

/**
 * /dashboard belongs to the main layout (SPEC §2.1) but to no area. It is a visible top-level menu item
 * granted to every role: as a hidden top-level item it would have no parent to highlight, and SPEC §2.4
 * would send the user to / every time.
 */
const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_ROUTE: RouteEntry = {
  path: DASHBOARD_PATH,
  title: '数据看板',
  icon: 'dashboard',
  cache: false,
  ops: VIEW,
};

export interface FlatRoute extends RouteEntry {
  /** Path of the list or area this route sits under. */
  parentPath: string;
  area: string;
}

/** Every routed entry in menu order, with its parent's path. */
export function flattenRoutes(areas: readonly MenuArea[] = MENU_AREAS): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (entries: readonly RouteEntry[], parentPath: string, area: string) => {
    for (const e of entries) {
      out.push({ ...e, parentPath, area });
      if (e.children) walk(e.children, e.path, area);
    }
  };
  for (const a of areas) walk(a.children, a.path, a.path);
  return out;
}

type PathsOf<E> = E extends { readonly path: infer P extends string }
  ? P | (E extends { readonly children: readonly (infer C)[] } ? PathsOf<C> : never)
  : never;

/** Every route's path as written in the catalogue (areas excluded: they are no routes), as a type. */
export type CataloguePath = PathsOf<(typeof AREAS)[number]['children'][number]> | typeof DASHBOARD_PATH;
