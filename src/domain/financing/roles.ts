// The people of the lifecycle (BUSINESS.md §1.3) as the tenant's role codes. The three roles seeded first
// keep their codes (Decisions, "Who may act"); the review roles are added beside them. `SYSTEM` is the
// gateway itself, for what happens on its own (a flow the e-sign provider finished, an overdue day).
export const ROLE = {
  SUPPLIER: 'SUPPLIER_USER',
  OPERATOR: 'BUSINESS_OPERATOR',
  ADMIN: 'PLATFORM_ADMIN',
  BIZ_REVIEWER: 'BIZ_REVIEWER',
  RISK: 'RISK_MANAGER',
  RISK_HEAD: 'RISK_HEAD',
  MEMBER: 'COMMITTEE_MEMBER',
  CHAIR: 'COMMITTEE_CHAIR',
  SECRETARY: 'MEETING_SECRETARY',
  APPROVER: 'APPROVER',
  LEGAL: 'LEGAL_COUNSEL',
  OPS: 'LOAN_OPS',
  FINANCE: 'FINANCE',
  SYSTEM: 'SYSTEM',
} as const;
export type LifecycleRole = keyof typeof ROLE;
export type RoleCode = (typeof ROLE)[LifecycleRole];

/** The Chinese names the roles are seeded with. */
export const ROLE_NAME: Readonly<Record<RoleCode, string>> = {
  SUPPLIER_USER: '供应商用户',
  BUSINESS_OPERATOR: '业务经办',
  PLATFORM_ADMIN: '平台管理员',
  BIZ_REVIEWER: '业务复核',
  RISK_MANAGER: '风控经理',
  RISK_HEAD: '风控负责人',
  COMMITTEE_MEMBER: '评审委员',
  COMMITTEE_CHAIR: '主任委员',
  MEETING_SECRETARY: '会议秘书',
  APPROVER: '有权审批人',
  LEGAL_COUNSEL: '法务',
  LOAN_OPS: '放款审核',
  FINANCE: '财务',
  SYSTEM: '系统',
};
