import { inject, injectable } from 'inversify';
import type { BusinessGateway, BusinessQuery } from '../../application/ports/business-gateway.port';
import { type FileSaver, FileSaverId } from '../../application/ports/file-gateway.port';
import type { RefOption } from '../../application/ports/resource-gateway.port';
import type { BusinessAttachment } from '../../domain/financing/attachments';
import type { BusinessDetail, BusinessEventView, BusinessListItem } from '../../domain/financing/business-list';
import { menuIdForPath } from '../../domain/menu/menu';
import type { Page, PageRequest } from '../../domain/paging/page';
import { type HttpClient, HttpClientId } from './http-client';

const API = '/api/business/business';
const MENU = '/business/financingBusinessManage';
const filters = (query: BusinessQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v.trim() !== ''));
const one = (keyId: string) => `${API}/${encodeURIComponent(keyId)}`;

@injectable()
export class BusinessGatewayAdapter implements BusinessGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
  ) {}

  // SPEC §7.2: the list is menu-scoped, so the menu id goes with it.
  page(query: BusinessQuery, page: PageRequest): Promise<Page<BusinessListItem>> {
    return this.http.get(`${API}/page`, {
      params: { ...filters(query), menuId: menuIdForPath(MENU), current: page.current, size: page.size },
    });
  }

  async exportList(query: BusinessQuery): Promise<string> {
    const { blob, fileName } = await this.http.blob('GET', `${API}/export`, {
      params: { ...filters(query), menuId: menuIdForPath(MENU) },
      fallbackName: '融资业务.xlsx',
    });
    this.saver.save(blob, fileName);
    return fileName;
  }

  suppliers(): Promise<RefOption[]> {
    return this.http.get(`${API}/options/supplier`);
  }

  detail(keyId: string): Promise<BusinessDetail> {
    return this.http.get(one(keyId));
  }

  events(keyId: string): Promise<BusinessEventView[]> {
    return this.http.get(`${one(keyId)}/events`);
  }

  attachments(keyId: string): Promise<BusinessAttachment[]> {
    return this.http.get(`${one(keyId)}/attachments`);
  }

  async downloadAttachments(keyId: string): Promise<string> {
    const { blob, fileName } = await this.http.blob('GET', `${one(keyId)}/attachments/zip`, {
      fallbackName: '全部附件.zip',
    });
    this.saver.save(blob, fileName);
    return fileName;
  }

  transition(keyId: string, action: string, version: number, comment: string): Promise<BusinessDetail> {
    const data = comment.trim() ? { action, version, comment: comment.trim() } : { action, version };
    return this.http.post(`${one(keyId)}/transition`, { data });
  }
}
