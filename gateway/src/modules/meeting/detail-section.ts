// 业务详情's 评审会 tab (BUSINESS.md §4 `/business/newDetails`): the meetings that heard the business — after a
// 复议 it is heard again — each with the item's conclusion, conditions and minutes, and, once voting closed,
// the named votes and the tally. A vote still open is the members' own business: the detail shows it only
// after the secretary closed voting. Drafts and cancelled meetings never heard anything. Deliberation is
// confidential: the applicant's own users read an item's conclusion and the conditions that bind it, never the
// votes, the names behind them, the tally or the item's minutes.
import { sameTenant } from '../../stage/stage-joins';
import type { Kysely } from 'kysely';
import type { MeetingSection } from '../../../../src/domain/financing/business-list';
import type { Database } from '../../db/database';
import { registerDetailSection, type SectionViewer } from '../business/detail-sections';
import { loadMeeting, meetingNames } from './repository';
import { moduleExtensions } from '../../stage/extensions';
import { tenantRows } from '../../db/tenant-rows';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('meeting/detail-section');

const HEARD = ['NOTIFIED', 'VOTING', 'CLOSED', 'ARCHIVED'];
const VOTES_SHOWN = new Set(['CLOSED', 'ARCHIVED']);

export async function meetingSectionOf(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  _now: Date,
  viewer: SectionViewer = { supplierId: null },
): Promise<MeetingSection | null> {
  const rows = await tenantRows(db, 'review_meeting_item as i', tenantId, { business_id: businessId })
    .innerJoin('review_meeting as m', sameTenant('m', 'i', 'meeting_id'))
    .select(['i.meeting_id', 'i.seq'])
    .where('m.status', 'in', HEARD)
    .orderBy('m.scheduled_at', 'desc')
    .orderBy('m.meeting_id', 'desc')
    .execute();
  if (rows.length === 0) return null;
  const hearings: MeetingSection['hearings'] = [];
  for (const row of rows) {
    const m = await loadMeeting(db, tenantId, row.meeting_id);
    const item = m.items.find((i) => i.seq === row.seq);
    if (!item) continue;
    const closed = VOTES_SHOWN.has(m.status) && viewer.supplierId === null;
    const { people } = closed ? await meetingNames(db, tenantId, m) : { people: new Map<string, string>() };
    hearings.push({
      meetingId: m.meetingId,
      meetingNo: m.meetingNo,
      title: m.title,
      scheduledAt: m.scheduledAt,
      status: m.status,
      seq: item.seq,
      conclusion: item.conclusion,
      conditions: item.conditions,
      minutes: viewer.supplierId === null ? item.minutes : null,
      votes: closed ? item.votes.map((v) => ({ ...v, name: people.get(v.memberId) ?? '' })) : [],
      tally: closed ? item.tally : null,
    });
  }
  return { hearings };
}

extend(registerDetailSection, 'meeting', meetingSectionOf);
