// 评审会 found by its 会议编号 (HY…), opened on 评审会详情 — the committee's business, read by whoever holds that
// page (a supplier user holds none).
import { registerDocumentSearch } from '../../stage/stage-search';
import { moduleExtensions } from '../../stage/extensions';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('meeting/search');

const MEETING_INFO = '/business/approvalReviewMeetingInfo';

extend(registerDocumentSearch, {
  kind: 'meeting',
  find: async (db, ctx, text, limit) => {
    if (ctx.actor.supplierId) return [];
    const rows = await db
      .selectFrom('review_meeting')
      .select(['meeting_id', 'meeting_no', 'title'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('meeting_no', '=', text)
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      keyId: String(r.meeting_id),
      no: String(r.meeting_no),
      title: String(r.title ?? ''),
      path: `${MEETING_INFO}?id=${r.meeting_id}`,
    }));
  },
});
