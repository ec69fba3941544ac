import type { ServiceIdentifier } from 'inversify';
import type { BusinessAttachment } from '../../domain/financing/attachments';
import type { BusinessDetail, BusinessEventView, BusinessListItem } from '../../domain/financing/business-list';
import type { Page, PageRequest } from '../../domain/paging/page';
import type { RefOption } from './resource-gateway.port';

/** The list's query as typed: tab, 业务编号, 供应商, 阶段, 状态, 金额区间 (分), 更新日期区间. */
export type BusinessQuery = Record<string, string>;

/** 融资业务 (BUSINESS.md §4 `/business/financingBusinessManage`, `/business/newDetails`). */
export interface BusinessGateway {
  page(query: BusinessQuery, page: PageRequest): Promise<Page<BusinessListItem>>;
  /** Saves the .xlsx of the query's businesses; answers the file name. */
  exportList(query: BusinessQuery): Promise<string>;
  /** The suppliers the list may be filtered by. */
  suppliers(): Promise<RefOption[]>;
  detail(keyId: string): Promise<BusinessDetail>;
  /** The timeline, oldest first. */
  events(keyId: string): Promise<BusinessEventView[]>;
  /** 附件: every file of the business, stage by stage and field by field. */
  attachments(keyId: string): Promise<BusinessAttachment[]>;
  /** 下载全部附件: saves the zip of every attachment; answers the file name. */
  downloadAttachments(keyId: string): Promise<string>;
  /** One action of the lifecycle on the version read; answers the business as it now is. */
  transition(keyId: string, action: string, version: number, comment: string): Promise<BusinessDetail>;
}

export const BusinessGatewayId: ServiceIdentifier<BusinessGateway> = Symbol.for('BusinessGateway');
