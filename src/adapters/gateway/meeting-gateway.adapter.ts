import { inject, injectable } from 'inversify';
import { type FileSaver, FileSaverId } from '../../application/ports/file-gateway.port';
import type {
  ConclusionForm,
  MeetingAction,
  MeetingDetail,
  MeetingGateway,
  MeetingItem,
  MeetingOptions,
  MeetingPlanForm,
  MeetingQuery,
  MeetingRow,
  MinutesExamineForm,
  VoteForm,
} from '../../application/ports/meeting-gateway.port';
import type { Page, PageRequest } from '../../domain/paging/page';
import { HttpClient, HttpClientId } from './http-client';

const API = '/api/business/meeting';
const at = (meetingId: string) => `${API}/${encodeURIComponent(meetingId)}`;
const filters = (q: MeetingQuery) => ({
  ...(q.status ? { status: q.status } : {}),
  ...(q.keyword?.trim() ? { keyword: q.keyword.trim() } : {}),
});

@injectable()
export class MeetingGatewayAdapter implements MeetingGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
  ) {}

  page(query: MeetingQuery, page: PageRequest): Promise<Page<MeetingRow>> {
    return this.http.get(`${API}/page`, { params: { ...filters(query), current: page.current, size: page.size } });
  }

  mine(page: PageRequest): Promise<Page<MeetingRow>> {
    return this.http.get(`${API}/mine`, { params: { current: page.current, size: page.size } });
  }

  options(meetingId?: string): Promise<MeetingOptions> {
    return this.http.get(`${API}/options`, meetingId ? { params: { meetingId } } : {});
  }

  get(meetingId: string): Promise<MeetingDetail> {
    // Polled while members vote: no loading mask.
    return this.http.get(at(meetingId), { silent: true });
  }

  create(form: MeetingPlanForm): Promise<{ meetingId: string; meetingNo: string }> {
    return this.http.post(API, { data: form });
  }

  update(meetingId: string, form: MeetingPlanForm, version: number): Promise<MeetingDetail> {
    return this.http.put(at(meetingId), { data: { ...form, version } });
  }

  transition(meetingId: string, action: MeetingAction, version: number, comment?: string): Promise<MeetingDetail> {
    return this.http.post(`${at(meetingId)}/transition`, {
      data: { action, version, ...(comment !== undefined ? { comment } : {}) },
    });
  }

  vote(meetingId: string, vote: VoteForm): Promise<MeetingItem> {
    return this.http.post(`${at(meetingId)}/vote`, { data: vote });
  }

  markAbsent(meetingId: string, memberId: string): Promise<MeetingDetail> {
    return this.http.post(`${at(meetingId)}/absent`, { data: { memberId } });
  }

  conclude(meetingId: string, form: ConclusionForm): Promise<MeetingItem> {
    return this.http.post(`${at(meetingId)}/conclusion`, { data: form });
  }

  submitMinutes(meetingId: string, version: number): Promise<MeetingDetail> {
    return this.http.post(`${at(meetingId)}/minutes/submit`, { data: { version } });
  }

  minutesToExamine(page: PageRequest): Promise<Page<MeetingRow>> {
    return this.http.get(`${API}/examine/page`, { params: { current: page.current, size: page.size } });
  }

  examineMinutes(meetingId: string, form: MinutesExamineForm): Promise<MeetingDetail> {
    return this.http.post(`${at(meetingId)}/examine`, { data: form });
  }

  async downloadMinutes(meetingId: string): Promise<string> {
    const { blob, fileName } = await this.http.blob('GET', `${at(meetingId)}/minutes`, {
      fallbackName: '评审会纪要.pdf',
    });
    this.saver.save(blob, fileName);
    return fileName;
  }
}
