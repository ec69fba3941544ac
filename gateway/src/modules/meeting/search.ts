// 评审会 found by its 会议编号 (HY…), opened on 评审会详情 — the committee's business, read by whoever holds that
// page (a supplier user holds none).
import { registerDocumentSearch } from '../../stage/stage-search';
import { moduleExtensions } from '../../stage/extensions';
import { tenantRows } from '../../db/tenant-rows';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('meeting/search');

const MEETING_INFO = '/business/approvalReviewMeetingInfo';

extend(registerDocumentSearch, {
  kind: 'meeting',
  find: async (db, ctx, text, limit) => {
    if (ctx.actor.supplierId) return [];
    const rows = await tenantRows(db, 'review_meeting', ctx.tenantId, { meeting_no: text })
      .select(['meeting_id', 'meeting_no', 'title'])
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
