// Every lifecycle stage over one adapter, from its definition: the kit's routes under the stage's `api`
// (gateway/src/stage/stage-routes.ts) and the business's one verb for a move, whatever the stage.
import { inject, injectable } from 'inversify';
import { type FileSaver, FileSaverId } from '../../application/ports/file-gateway.port';
import type { RefOption, ResourcePage, ResourceQuery } from '../../application/ports/resource-gateway.port';
import type {
  StageGateway,
  StageMethod,
  StageMove,
  StageRecord,
  StageRoutes,
} from '../../application/ports/stage-gateway.port';
import type { BusinessEventView } from '../../domain/financing/business-list';
import type { PageRequest } from '../../domain/paging/page';
import type { StageDef } from '../../domain/stage/stage';
import { HttpClient, HttpClientId } from './http-client';

const BUSINESS = '/api/business/business';
/** Only what was filled in is sent: an empty filter is no filter. */
const filters = (query: ResourceQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v.trim() !== ''));
const one = (def: StageDef, keyId: string) => `${def.resource.api}/${encodeURIComponent(keyId)}`;

@injectable()
export class StageGatewayAdapter implements StageGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
  ) {}

  page(def: StageDef, query: ResourceQuery, page: PageRequest & { sort?: string }): Promise<ResourcePage> {
    const params = {
      ...filters(query),
      current: page.current,
      size: page.size,
      ...(page.sort ? { sort: page.sort } : {}),
    };
    return this.http.get(`${def.resource.api}/page`, { params });
  }

  detail<R extends StageRecord>(def: StageDef, keyId: string): Promise<R> {
    return this.http.get(one(def, keyId));
  }

  create<R extends StageRecord>(def: StageDef, body: object): Promise<R> {
    return this.http.post(def.resource.api, { data: body });
  }

  save<R extends StageRecord>(def: StageDef, keyId: string, body: object, version: number): Promise<R> {
    return this.http.put(one(def, keyId), { data: { ...body, version } });
  }

  async remove(def: StageDef, keyId: string, version: number): Promise<void> {
    await this.http.delete(one(def, keyId), { params: { version } });
  }

  async transition(keyId: string, move: StageMove): Promise<void> {
    const comment = move.comment?.trim();
    await this.http.post(`${BUSINESS}/${encodeURIComponent(keyId)}/transition`, {
      data: {
        action: move.action,
        version: move.version,
        ...(comment ? { comment } : {}),
        ...(move.fileIds && move.fileIds.length > 0 ? { fileIds: [...move.fileIds] } : {}),
        ...(move.values && Object.keys(move.values).length > 0 ? { values: { ...move.values } } : {}),
      },
    });
  }

  async exportList(def: StageDef, query: ResourceQuery): Promise<string> {
    const { blob, fileName } = await this.http.blob('GET', `${def.resource.api}/export`, {
      params: filters(query),
      fallbackName: `${def.resource.title}.xlsx`,
    });
    this.saver.save(blob, fileName);
    return fileName;
  }

  async download(
    def: StageRoutes,
    path: string,
    query: Record<string, string | number> = {},
    fallbackName = `${def.resource.noun}.pdf`,
  ): Promise<string> {
    const url = `${def.resource.api}${path.startsWith('/') ? path : `/${path}`}`;
    const { blob, fileName } = await this.http.blob('GET', url, { params: query, fallbackName });
    this.saver.save(blob, fileName);
    return fileName;
  }

  options(def: StageDef, key: string): Promise<RefOption[]> {
    return this.http.get(`${def.resource.api}/options/${encodeURIComponent(key)}`, { silent: true });
  }

  events(keyId: string): Promise<BusinessEventView[]> {
    return this.http.get(`${BUSINESS}/${encodeURIComponent(keyId)}/events`, { silent: true });
  }

  custom<T>(
    def: StageRoutes,
    method: StageMethod,
    path: string,
    body?: object,
    options: { silent?: boolean } = {},
  ): Promise<T> {
    const url = `${def.resource.api}${path.startsWith('/') || path === '' ? path : `/${path}`}`;
    const silent = options.silent ? { silent: true } : {};
    if (method === 'GET')
      return this.http.get(url, { ...(body ? { params: body as Record<string, unknown> } : {}), ...silent });
    if (method === 'DELETE') {
      return this.http.delete(url, { ...(body ? { params: body as Record<string, unknown> } : {}), ...silent });
    }
    return method === 'POST'
      ? this.http.post(url, { data: body, ...silent })
      : this.http.put(url, { data: body, ...silent });
  }
}
