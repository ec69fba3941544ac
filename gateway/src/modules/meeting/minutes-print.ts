// The 评审会纪要 as it prints (MINUTES_TEMPLATE): the meeting's room prints it whole; the push hands the capital side
// the minutes of the meeting that passed the business with its own item only — the other businesses heard that
// day are their applicants' and the committee's, never another capital side's.
import { sameTenant } from '../../stage/stage-joins';
import type { Kysely } from 'kysely';
import { formatShanghaiTime } from '../../../../src/domain/format/date-format';
import type { Database } from '../../db/database';
import { MINUTES_TEMPLATE, type MinutesValues } from '../../documents/document-templates';
import { registerBusinessPrint } from '../../stage/stage-prints';
import { type MeetingView, loadMeeting, meetingNames } from './repository';
import { moduleExtensions } from '../../stage/extensions';
import { tenantRows } from '../../db/tenant-rows';

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('meeting/minutes-print');

/** The minutes' values: every item heard, or the one item of `businessId`. */
export async function minutesValuesOf(
  db: Kysely<Database>,
  tenantId: string,
  m: MeetingView,
  businessId?: string,
): Promise<MinutesValues> {
  const names = await meetingNames(db, tenantId, m);
  const person = (id: string) => names.people.get(id) ?? '';
  const roleOf = (id: string) => m.members.find((x) => x.userId === id)?.role ?? '';
  return {
    ...{ meetingNo: m.meetingNo, title: m.title, form: m.form, location: m.location },
    // Beijing time, as the screens show it.
    scheduledAt: formatShanghaiTime(m.scheduledAt),
    chairName: person(m.members.find((x) => x.role === 'CHAIR')?.userId ?? ''),
    secretaryName: person(m.secretaryId),
    members: m.members.map((x) => ({ name: person(x.userId), role: x.role, attendance: x.attendance ?? '' })),
    items: m.items
      .filter((i) => !businessId || i.businessId === businessId)
      .map((i) => {
        const business = names.businesses.get(i.businessId);
        return {
          ...{ seq: i.seq, businessNo: business?.businessNo ?? '', supplierName: business?.supplierName ?? '' },
          votes: i.votes.map((v) => ({
            ...{ name: person(v.memberId), role: roleOf(v.memberId), opinion: v.opinion },
            ...{ conditions: v.conditions, comment: v.comment },
          })),
          ...{ tally: i.tally, conclusion: i.conclusion ?? '', conditions: i.conditions, minutes: i.minutes ?? '' },
        };
      }),
    minutesText: m.minutesText ?? '',
  };
}

// The push's package: the minutes of the latest meeting whose voting closed on the business.
extend(registerBusinessPrint, 'minutes', 2, async (db, tenantId, businessId) => {
  const heard = await tenantRows(db, 'review_meeting_item as i', tenantId, { business_id: businessId })
    .innerJoin('review_meeting as m', sameTenant('m', 'i', 'meeting_id'))
    .select(['i.meeting_id'])
    .where('m.status', 'in', ['CLOSED', 'ARCHIVED'])
    .orderBy('m.scheduled_at', 'desc')
    .orderBy('m.meeting_id', 'desc')
    .executeTakeFirst();
  if (!heard) return null;
  const m = await loadMeeting(db, tenantId, heard.meeting_id);
  const values = await minutesValuesOf(db, tenantId, m, businessId);
  return {
    name: `评审会纪要-${m.meetingNo}`,
    template: MINUTES_TEMPLATE,
    values: values as unknown as Record<string, unknown>,
  };
});
