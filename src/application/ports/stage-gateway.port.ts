import type { ServiceIdentifier } from 'inversify';
import type { BusinessEventView } from '../../domain/financing/business-list';
import type { PageRequest } from '../../domain/paging/page';
import type { ResourceDef } from '../../domain/resource/resource';
import type { StageDef } from '../../domain/stage/stage';
import type { RefOption, ResourcePage, ResourceQuery } from './resource-gateway.port';

/** What every stage's record carries on the wire: its business's id, the optimistic version, its status. */
export interface StageRecord {
  keyId: string;
  version: number;
  status?: string;
  state?: string;
}

/** One move of the lifecycle on the record's business: the table decides whether the caller may. */
export interface StageMove {
  action: string;
  version: number;
  comment?: string;
  /** Files the move carries (an opinion's attachments), bound to the event. */
  fileIds?: readonly string[];
  /** The action's own fields, e.g. the 批复额度 (`approvedAmount`, 分) a pre-credit's last 通过 carries. */
  values?: Readonly<Record<string, string | number | null>>;
}

export type StageMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What `custom` and `download` read of a stage: where its routes live and what its documents are called. A
 * StageDef is one; a stage whose record is not a business's child (the meeting, which hears many) names
 * only these.
 */
export interface StageRoutes {
  resource: Pick<ResourceDef, 'api' | 'noun'>;
}

/**
 * Every lifecycle stage over one port, read from its definition (in the spirit of refine's data provider:
 * getList, getOne, create, update, deleteOne and `custom` for the rest). The paths are the stage's `api`;
 * the move is the business's one verb, so a new stage adds no method and no binding here.
 */
export interface StageGateway {
  page(def: StageDef, query: ResourceQuery, page: PageRequest & { sort?: string }): Promise<ResourcePage>;
  detail<R extends StageRecord>(def: StageDef, keyId: string): Promise<R>;
  /** 新增: the stage's own body; answers the record as written. */
  create<R extends StageRecord>(def: StageDef, body: object): Promise<R>;
  /** 编辑 under the version read. */
  save<R extends StageRecord>(def: StageDef, keyId: string, body: object, version: number): Promise<R>;
  remove(def: StageDef, keyId: string, version: number): Promise<void>;
  /**
   * 提交, 撤回, 通过, 退回, 否决 …: the business's transition with the version read. Stage-blind (the record's
   * key is its business's), so 业务审核 moves any stage's item through it.
   */
  transition(keyId: string, move: StageMove): Promise<void>;
  /** Saves the .xlsx of the query's rows; answers the file name. */
  exportList(def: StageDef, query: ResourceQuery): Promise<string>;
  /** The organisations the make form may name (`options/{key}`), quietly. */
  options(def: StageDef, key: string): Promise<RefOption[]>;
  /** The business's timeline, oldest first: the make page reads the return reason and the last comment. */
  events(keyId: string): Promise<BusinessEventView[]>;
  /**
   * What a stage adds beyond the kit, under its own api: `custom(def, 'GET', '/orders', { supplierId })`.
   * GET and DELETE send `body` as the query string, POST and PUT as JSON.
   */
  custom<T>(
    def: StageRoutes,
    method: StageMethod,
    path: string,
    body?: object,
    options?: { silent?: boolean },
  ): Promise<T>;
  /** A document of the stage's own under its api (a report's PDF): saved as the server names it; answers the name. */
  download(
    def: StageRoutes,
    path: string,
    query?: Record<string, string | number>,
    fallbackName?: string,
  ): Promise<string>;
}

export const StageGatewayId: ServiceIdentifier<StageGateway> = Symbol.for('StageGateway');

/** The gateway bound to one stage, for the shells and a stage's own screens. */
export interface StageClient {
  def: StageDef;
  page(query: ResourceQuery, page: PageRequest & { sort?: string }): Promise<ResourcePage>;
  detail<R extends StageRecord>(keyId: string): Promise<R>;
  create<R extends StageRecord>(body: object): Promise<R>;
  save<R extends StageRecord>(keyId: string, body: object, version: number): Promise<R>;
  remove(keyId: string, version: number): Promise<void>;
  transition(keyId: string, move: StageMove): Promise<void>;
  exportList(query: ResourceQuery): Promise<string>;
  options(key: string): Promise<RefOption[]>;
  events(keyId: string): Promise<BusinessEventView[]>;
  custom<T>(method: StageMethod, path: string, body?: object, options?: { silent?: boolean }): Promise<T>;
  download(path: string, query?: Record<string, string | number>, fallbackName?: string): Promise<string>;
}

export function stageClient(gateway: StageGateway, def: StageDef): StageClient {
  return {
    def,
    page: (q, p) => gateway.page(def, q, p),
    detail: (keyId) => gateway.detail(def, keyId),
    create: (body) => gateway.create(def, body),
    save: (keyId, body, version) => gateway.save(def, keyId, body, version),
    remove: (keyId, version) => gateway.remove(def, keyId, version),
    transition: (keyId, move) => gateway.transition(keyId, move),
    exportList: (q) => gateway.exportList(def, q),
    options: (key) => gateway.options(def, key),
    events: (keyId) => gateway.events(keyId),
    custom: (method, path, body, options) => gateway.custom(def, method, path, body, options),
    download: (path, query, fallbackName) => gateway.download(def, path, query, fallbackName),
  };
}
