import { inject, injectable } from 'inversify';
import type {
  AuditTypeCandidates,
  AuditTypeChange,
  AuditTypeRow,
  DoneItem,
  ExamineDetail,
  ExamineItem,
  ExamineQuery,
  ReviewGateway,
  TodoCount,
  TodoItem,
} from '../../application/ports/review-gateway.port';
import type { TodoTab } from '../../domain/financing/review-queue';
import { menuIdForPath } from '../../domain/menu/menu';
import type { Page, PageRequest } from '../../domain/paging/page';
import { type HttpClient, HttpClientId } from './http-client';
import type { ReviewType } from '../../domain/financing/stages';

const EXAMINE_MENU = '/business/examine';
const TODO_MENU = '/workbench/technological/todo';
const DONE_MENU = '/workbench/technological/done';

@injectable()
export class ReviewGatewayAdapter implements ReviewGateway {
  constructor(@inject(HttpClientId) private readonly http: HttpClient) {}

  auditTypes(): Promise<AuditTypeRow[]> {
    return this.http.get('/api/business/auditType/list');
  }

  auditTypeCandidates(): Promise<AuditTypeCandidates> {
    return this.http.get('/api/business/auditType/candidates');
  }

  saveAuditType(code: ReviewType, change: AuditTypeChange): Promise<AuditTypeRow> {
    return this.http.put(`/api/business/auditType/${encodeURIComponent(code)}`, { data: change });
  }

  // SPEC §7.2: menu-scoped calls carry the menu id (the normalised path of the menu they serve).
  examinePage(query: ExamineQuery, page: PageRequest): Promise<Page<ExamineItem>> {
    const params: Record<string, unknown> = {
      current: page.current,
      size: page.size,
      menuId: menuIdForPath(EXAMINE_MENU),
    };
    if (query.type) params.type = query.type;
    if (query.businessNo.trim()) params.businessNo = query.businessNo.trim();
    return this.http.get('/api/business/examine/page', { params });
  }

  examineDetail(businessId: string, type: string): Promise<ExamineDetail> {
    return this.http.get(`/api/business/examine/${encodeURIComponent(businessId)}`, {
      params: { ...(type ? { type } : {}), menuId: menuIdForPath(EXAMINE_MENU) },
    });
  }

  todoPage(tab: TodoTab, page: PageRequest): Promise<Page<TodoItem>> {
    return this.http.get('/api/business/workbench/todo', {
      params: { tab, current: page.current, size: page.size, menuId: menuIdForPath(TODO_MENU) },
    });
  }

  async todoCount(): Promise<TodoCount> {
    const answer = await this.http.get<{ count: number; tabs?: Partial<Record<TodoTab, number>> }>(
      '/api/business/workbench/todo/count',
      { params: { menuId: menuIdForPath(TODO_MENU) }, silent: true },
    );
    const tabs = answer.tabs ?? {};
    return {
      count: answer.count,
      tabs: {
        REVIEW: tabs.REVIEW ?? 0,
        MAKE: tabs.MAKE ?? 0,
        VOTE: tabs.VOTE ?? 0,
        DUE: tabs.DUE ?? 0,
      },
    };
  }

  donePage(page: PageRequest): Promise<Page<DoneItem>> {
    return this.http.get('/api/business/workbench/done', {
      params: { current: page.current, size: page.size, menuId: menuIdForPath(DONE_MENU) },
    });
  }
}
