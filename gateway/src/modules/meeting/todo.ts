// 待表决 on the workbench (BUSINESS.md §4 我的待办): each agenda item of a meeting in 表决中 the person is yet to
// vote on, registered as the meeting's to-do source (gateway/src/stage/stage-todos.ts).
import { stateLabel } from '../../../../src/domain/financing/lifecycle';
import { voteLink, waitingMinutes } from '../../../../src/domain/financing/review-queue';
import { registerTodoSource } from '../../stage/stage-todos';
import { pendingVotesOf } from './repository';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : String(d));

registerTodoSource('VOTE', 'meeting', async (db, tenantId, actor, now) => {
  const votes = await pendingVotesOf(db, tenantId, actor.userId);
  if (votes.length === 0) return [];
  const ids = [...new Set(votes.map((v) => v.businessId))];
  const [businesses, opened] = await Promise.all([
    db
      .selectFrom('financing_business as b')
      .leftJoin('organization as o', (j) =>
        j.onRef('o.org_id', '=', 'b.supplier_id').onRef('o.tenant_id', '=', 'b.tenant_id'),
      )
      .select(['b.business_id', 'b.business_no', 'b.apply_amount', 'b.state', 'o.org_name'])
      .where('b.tenant_id', '=', tenantId)
      .where('b.business_id', 'in', ids)
      .execute(),
    db
      .selectFrom('review_meeting')
      .select(['meeting_id', 'updated_at'])
      .where('tenant_id', '=', tenantId)
      .where('meeting_id', 'in', [...new Set(votes.map((v) => v.meetingId))])
      .execute(),
  ]);
  const byId = new Map(businesses.map((b) => [b.business_id, b]));
  const openedAt = new Map(opened.map((m) => [m.meeting_id, iso(m.updated_at)]));
  return votes.map((v) => {
    const b = byId.get(v.businessId);
    const at = openedAt.get(v.meetingId) ?? now.toISOString();
    return {
      itemType: 'VOTE',
      itemTypeLabel: `${v.meetingNo} 议题${v.seq}`,
      businessId: v.businessId,
      businessNo: b?.business_no ?? '',
      supplierName: b?.org_name ?? '',
      amount: Number(b?.apply_amount ?? 0),
      stage: 'MEETING',
      state: b?.state ?? 'MEETING/VOTING',
      stateLabel: stateLabel(b?.state ?? 'MEETING/VOTING'),
      level: null,
      levels: null,
      arrivedAt: at,
      waitingMinutes: waitingMinutes(at, now),
      overdue: false,
      link: voteLink(v.meetingId),
    };
  });
});
