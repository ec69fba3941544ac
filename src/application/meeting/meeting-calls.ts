// The meeting's calls over the stage port (HOUSE.md "Stages": one client port for every stage, `custom` for
// what a stage adds). A meeting hears many businesses, so it is no child record on the kit's routes: all of
// its calls are its own, under MEETING_API, as the report's PDF and the application's candidates are theirs.
import { MEETING_API } from '../../domain/financing/meeting-workflow';
import type { PageRequest } from '../../domain/paging/page';
import type { MeetingGateway, MeetingQuery } from '../ports/meeting-gateway.port';
import type { StageGateway, StageMethod, StageRoutes } from '../ports/stage-gateway.port';

const MEETING: StageRoutes = { resource: { api: MEETING_API, noun: '评审会' } };

const at = (meetingId: string) => `/${encodeURIComponent(meetingId)}`;
const paging = (page: PageRequest) => ({ current: page.current, size: page.size });
/** Only what was filled in is sent: an empty filter is no filter. */
const filters = (q: MeetingQuery) => ({
  ...(q.status ? { status: q.status } : {}),
  ...(q.keyword?.trim() ? { keyword: q.keyword.trim() } : {}),
});

export function meetingCalls(stages: StageGateway): MeetingGateway {
  const call = <T>(method: StageMethod, path: string, body?: object, options?: { silent?: boolean }) =>
    stages.custom<T>(MEETING, method, path, body, options);
  return {
    page: (query, page) => call('GET', '/page', { ...filters(query), ...paging(page) }),
    mine: (page) => call('GET', '/mine', paging(page)),
    options: (meetingId) => call('GET', '/options', meetingId ? { meetingId } : undefined),
    // Polled while members vote: no loading mask.
    get: (meetingId) => call('GET', at(meetingId), undefined, { silent: true }),
    create: (form) => call('POST', '', form),
    update: (meetingId, form, version) => call('PUT', at(meetingId), { ...form, version }),
    transition: (meetingId, action, version, comment) =>
      call('POST', `${at(meetingId)}/transition`, { action, version, ...(comment !== undefined ? { comment } : {}) }),
    vote: (meetingId, vote) => call('POST', `${at(meetingId)}/vote`, vote),
    markAbsent: (meetingId, memberId) => call('POST', `${at(meetingId)}/absent`, { memberId }),
    conclude: (meetingId, form) => call('POST', `${at(meetingId)}/conclusion`, form),
    submitMinutes: (meetingId, version, minutesText) =>
      call('POST', `${at(meetingId)}/minutes/submit`, {
        version,
        ...(minutesText !== undefined ? { minutesText } : {}),
      }),
    minutesToExamine: (page) => call('GET', '/examine/page', paging(page)),
    examineMinutes: (meetingId, form) => call('POST', `${at(meetingId)}/examine`, form),
    downloadMinutes: (meetingId) => stages.download(MEETING, `${at(meetingId)}/minutes`, {}, '评审会纪要.pdf'),
    exportList: (query) => stages.download(MEETING, '/export', filters(query), '评审会.xlsx'),
  };
}
