// Multi-level review (审核类型配置, BUSINESS.md §1.5): each review type has 1–5 levels; a level names the roles
// or users who review at it, how their opinions combine (或签 any, 会签 all, 会签按比例 a ratio, 依次 in
// order) and what a rejection does (back to the maker, back to an earlier level, or the end of the business).
// The configuration is snapshotted when an item is submitted, with each level's reviewers resolved to user
// ids, so a later change of the configuration or of role membership touches new submissions only. Pure: the
// gateway stores the snapshot and the opinions with the business and asks these functions what they mean.
import { DEFAULT_AUDIT_LEVELS, REVIEW_TYPE_LABEL, type ReviewType } from './stages';

export type ApproveMethod = 'ANY' | 'ALL' | 'RATIO' | 'SEQUENTIAL';
export const APPROVE_METHOD_LABEL: Readonly<Record<ApproveMethod, string>> = {
  ANY: '或签',
  ALL: '会签',
  RATIO: '会签按比例',
  SEQUENTIAL: '依次审批',
};

export type RejectHandler = 'RETURN_TO_MAKER' | 'RETURN_TO_LEVEL' | 'TERMINATE';
export const REJECT_HANDLER_LABEL: Readonly<Record<RejectHandler, string>> = {
  RETURN_TO_MAKER: '退回经办',
  RETURN_TO_LEVEL: '退回指定级次',
  TERMINATE: '终止流程',
};

export const MAX_REVIEW_LEVELS = 5;

/** One level as configured: who reviews and how. */
export interface ReviewLevelConfig {
  roles: readonly string[];
  userIds: readonly string[];
  approveMethod: ApproveMethod;
  /** RATIO: the share of the level's reviewers that must approve, in whole percent (1–100). */
  ratioPercent?: number | null;
  rejectHandler: RejectHandler;
  /** RETURN_TO_LEVEL: the earlier level the item goes back to (1-based, below this level). */
  returnToLevel?: number | null;
  /** Reminders only; nothing moves on its own. */
  timeoutHours?: number | null;
}

export interface AuditTypeConfig {
  code: ReviewType;
  name: string;
  enabled: boolean;
  levels: readonly ReviewLevelConfig[];
}

/** A level as snapshotted at submission: its reviewers resolved to user ids, in order (SEQUENTIAL's order). */
export interface ReviewLevelSnapshot extends ReviewLevelConfig {
  reviewerIds: readonly string[];
}

export interface ReviewSnapshot {
  type: ReviewType;
  /** Who submitted the item. */
  makerId: string;
  /** The item's owner (经办人) when someone else submitted it: a maker too. */
  ownerId?: string;
  /** Others who wrote the item submitted (each who saved a step of a report's revision): makers too. */
  writerIds?: readonly string[];
  levels: readonly ReviewLevelSnapshot[];
}

export interface ReviewOpinion {
  level: number;
  actorId: string;
  result: 'APPROVE' | 'RETURN' | 'REJECT';
}

/** Where an item under review stands: its snapshot, the level it is at (1-based) and this round's opinions. */
export interface ReviewState {
  snapshot: ReviewSnapshot;
  level: number;
  opinions: readonly ReviewOpinion[];
}

export const ReviewMessage = {
  noLevels: '审核类型未配置审核级次',
  tooManyLevels: `审核级次最多${MAX_REVIEW_LEVELS}级`,
  levelWithoutReviewer: (level: number) => `第${level}级未配置审核角色或人员`,
  levelWithoutEligibleReviewer: (level: number) => `第${level}级没有可审核的人员（经办人不能审核自己的事项）`,
  ratioRange: (level: number) => `第${level}级的通过比例应为1–100`,
  returnLevel: (level: number) => `第${level}级的退回级次应小于本级`,
  notReviewer: '您不是当前审核级次的审核人',
  maker: '经办人或提交人不能审核自己的事项',
  otherLevel: '同一事项的不同审核级次须由不同人员审核',
  alreadyActed: '您已审核过本级',
  notYourTurn: '依次审批：尚未轮到您审核',
  disabled: (name: string) => `${name}已停用`,
} as const;

/** The problems of a configuration, in Chinese; empty when it may be saved. */
export function checkAuditType(config: Pick<AuditTypeConfig, 'levels'>): string[] {
  const problems: string[] = [];
  if (config.levels.length === 0) problems.push(ReviewMessage.noLevels);
  if (config.levels.length > MAX_REVIEW_LEVELS) problems.push(ReviewMessage.tooManyLevels);
  config.levels.forEach((l, i) => {
    const n = i + 1;
    if (l.roles.length === 0 && l.userIds.length === 0) problems.push(ReviewMessage.levelWithoutReviewer(n));
    if (l.approveMethod === 'RATIO') {
      const r = l.ratioPercent ?? 0;
      if (!Number.isInteger(r) || r < 1 || r > 100) problems.push(ReviewMessage.ratioRange(n));
    }
    if (l.rejectHandler === 'RETURN_TO_LEVEL') {
      const to = l.returnToLevel ?? 0;
      if (!Number.isInteger(to) || to < 1 || to >= n) problems.push(ReviewMessage.returnLevel(n));
    }
  });
  return problems;
}

/**
 * The makers of an item, none of whom reviews it at any level (four-eyes): its submitter, its owner and
 * whoever else wrote it.
 */
export const makersOf = (snapshot: Pick<ReviewSnapshot, 'makerId' | 'ownerId' | 'writerIds'>): string[] => [
  ...new Set([snapshot.makerId, ...(snapshot.ownerId ? [snapshot.ownerId] : []), ...(snapshot.writerIds ?? [])]),
];

/**
 * The snapshot taken at submission by `makerId` of an item `ownerId` owns (null: none) and `writerIds` wrote
 * besides. `membersOf(role)` answers the users holding a role now; the makers are left out of every level
 * (four-eyes), and a level nobody else can review refuses the submission.
 */
export function snapshotReview(
  config: AuditTypeConfig,
  makerId: string,
  membersOf: (role: string) => readonly string[],
  ownerId: string | null,
  writerIds: readonly string[] = [],
): { ok: true; snapshot: ReviewSnapshot } | { ok: false; message: string } {
  if (!config.enabled) return { ok: false, message: ReviewMessage.disabled(config.name) };
  const problems = checkAuditType(config);
  if (problems.length) return { ok: false, message: problems[0] as string };
  const others = [...new Set(writerIds)].filter((id) => id !== makerId && id !== ownerId);
  const who = {
    makerId,
    ...(ownerId && ownerId !== makerId ? { ownerId } : {}),
    ...(others.length ? { writerIds: others } : {}),
  };
  const makers = makersOf(who);
  const levels: ReviewLevelSnapshot[] = [];
  for (const [i, level] of config.levels.entries()) {
    const ids = [...level.userIds, ...level.roles.flatMap((r) => membersOf(r))];
    const reviewerIds = [...new Set(ids)].filter((id) => !makers.includes(id));
    if (reviewerIds.length === 0) return { ok: false, message: ReviewMessage.levelWithoutEligibleReviewer(i + 1) };
    levels.push({ ...level, reviewerIds });
  }
  return { ok: true, snapshot: { type: config.code, ...who, levels } };
}

export const startReview = (snapshot: ReviewSnapshot): ReviewState => ({ snapshot, level: 1, opinions: [] });

const levelOf = (state: ReviewState) => state.snapshot.levels[state.level - 1];

/** null when the actor may give an opinion on the item's current level now, otherwise why not. */
export function reviewRefusal(state: ReviewState, actorId: string): string | null {
  const level = levelOf(state);
  if (!level) return ReviewMessage.notReviewer;
  if (makersOf(state.snapshot).includes(actorId)) return ReviewMessage.maker;
  if (!level.reviewerIds.includes(actorId)) return ReviewMessage.notReviewer;
  if (state.opinions.some((o) => o.actorId === actorId && o.level !== state.level)) return ReviewMessage.otherLevel;
  if (state.opinions.some((o) => o.actorId === actorId && o.level === state.level)) return ReviewMessage.alreadyActed;
  if (level.approveMethod === 'SEQUENTIAL') {
    const done = state.opinions.filter((o) => o.level === state.level).length;
    if (level.reviewerIds[done] !== actorId) return ReviewMessage.notYourTurn;
  }
  return null;
}

/** Whether this round's approvals complete the current level under its method. */
function levelComplete(level: ReviewLevelSnapshot, approvals: number): boolean {
  const total = level.reviewerIds.length;
  switch (level.approveMethod) {
    case 'ANY':
      return approvals >= 1;
    case 'ALL':
    case 'SEQUENTIAL':
      return approvals >= total;
    case 'RATIO':
      // Whole numbers only: approvals / total ≥ ratio / 100.
      return approvals * 100 >= (level.ratioPercent ?? 100) * total;
  }
}

export type ReviewOutcome =
  /** The level waits for more opinions, or the item moved up a level. */
  | { kind: 'pending'; state: ReviewState }
  /** The last level is complete. */
  | { kind: 'approved'; state: ReviewState }
  | { kind: 'returned'; state: ReviewState }
  | { kind: 'terminated'; state: ReviewState };

/** The item after the actor approves (call `reviewRefusal` first). */
export function approve(state: ReviewState, actorId: string): ReviewOutcome {
  const opinions = [...state.opinions, { level: state.level, actorId, result: 'APPROVE' as const }];
  const level = levelOf(state) as ReviewLevelSnapshot;
  const approvals = opinions.filter((o) => o.level === state.level && o.result === 'APPROVE').length;
  if (!levelComplete(level, approvals)) return { kind: 'pending', state: { ...state, opinions } };
  if (state.level >= state.snapshot.levels.length) return { kind: 'approved', state: { ...state, opinions } };
  return { kind: 'pending', state: { ...state, level: state.level + 1, opinions } };
}

/** What a rejection at the current level does: the level's handler, unless the reviewer returns explicitly. */
export function rejectionHandler(state: ReviewState): RejectHandler {
  return levelOf(state)?.rejectHandler ?? 'RETURN_TO_MAKER';
}

/**
 * The item after the actor rejects. `terminate` asks for 不通过 (only where the level is configured to end the
 * business); otherwise the item returns to the maker or to the configured earlier level, whose opinions and
 * those above it start again.
 */
export function reject(state: ReviewState, actorId: string, terminate: boolean): ReviewOutcome {
  const level = levelOf(state) as ReviewLevelSnapshot;
  const opinion = { level: state.level, actorId, result: terminate ? ('REJECT' as const) : ('RETURN' as const) };
  if (terminate) return { kind: 'terminated', state: { ...state, opinions: [...state.opinions, opinion] } };
  if (level.rejectHandler === 'RETURN_TO_LEVEL' && level.returnToLevel && level.returnToLevel < state.level) {
    const to = level.returnToLevel;
    return {
      kind: 'pending',
      state: { ...state, level: to, opinions: state.opinions.filter((o) => o.level < to) },
    };
  }
  return { kind: 'returned', state: { ...state, level: 1, opinions: [] } };
}

/** The configuration a tenant starts with: one level per default role, 或签, a rejection returns to the maker. */
export function defaultAuditType(code: ReviewType): AuditTypeConfig {
  return {
    code,
    name: REVIEW_TYPE_LABEL[code],
    enabled: true,
    levels: DEFAULT_AUDIT_LEVELS[code].map((role) => ({
      roles: [role],
      userIds: [],
      approveMethod: 'ANY',
      rejectHandler: 'RETURN_TO_MAKER',
    })),
  };
}
