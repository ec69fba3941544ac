import { inject, injectable } from 'inversify';
import { type FileSaver, FileSaverId } from '../../application/ports/file-gateway.port';
import type {
  RefOption,
  ResourceGateway,
  ResourcePage,
  ResourceQuery,
} from '../../application/ports/resource-gateway.port';
import { normalizeMenuPath } from '../../domain/menu/menu';
import type { PageRequest } from '../../domain/paging/page';
import type { HistoryEntry, ResourceDef, ResourceForm, ResourceRecord } from '../../domain/resource/resource';
import { HttpClient, HttpClientId } from './http-client';

/** Only what was filled in is sent: an empty filter is no filter. */
const filters = (query: ResourceQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v.trim() !== ''));
const one = (def: ResourceDef, keyId: string) => `${def.api}/${encodeURIComponent(keyId)}`;
/** SPEC §7.2: menu-scoped reads carry the menu they are made from, added here so no screen forgets it. */
const menu = (def: ResourceDef) => (def.menuScoped ? { menuId: normalizeMenuPath(def.menuPath) } : {});

@injectable()
export class ResourceGatewayAdapter implements ResourceGateway {
  constructor(
    @inject(HttpClientId) private readonly http: HttpClient,
    @inject(FileSaverId) private readonly saver: FileSaver,
  ) {}

  page(def: ResourceDef, query: ResourceQuery, page: PageRequest & { sort?: string }): Promise<ResourcePage> {
    const params = {
      ...filters(query),
      ...menu(def),
      current: page.current,
      size: page.size,
      ...(page.sort ? { sort: page.sort } : {}),
    };
    return this.http.get(`${def.api}/page`, { params });
  }

  options(def: ResourceDef, key: string): Promise<RefOption[]> {
    return this.http.get(`${def.api}/options/${encodeURIComponent(key)}`, { silent: true });
  }

  get(def: ResourceDef, keyId: string): Promise<ResourceRecord> {
    return def.menuScoped ? this.http.get(one(def, keyId), { params: menu(def) }) : this.http.get(one(def, keyId));
  }

  create(def: ResourceDef, form: ResourceForm): Promise<ResourceRecord> {
    return this.http.post(def.api, { data: form });
  }

  update(def: ResourceDef, keyId: string, form: ResourceForm, version: number): Promise<ResourceRecord> {
    return this.http.put(one(def, keyId), { data: { ...form, version } });
  }

  async remove(def: ResourceDef, keyId: string, version: number): Promise<void> {
    await this.http.delete(one(def, keyId), { params: { version } });
  }

  transition(
    def: ResourceDef,
    keyId: string,
    action: string,
    version: number,
    comment: string,
    values: ResourceForm = {},
  ): Promise<ResourceRecord> {
    const data = comment.trim()
      ? { action, version, comment: comment.trim(), ...values }
      : { action, version, ...values };
    return this.http.post(`${one(def, keyId)}/transition`, { data });
  }

  async exportList(def: ResourceDef, query: ResourceQuery): Promise<string> {
    const { blob, fileName } = await this.http.blob('GET', `${def.api}/export`, {
      params: { ...filters(query), ...menu(def) },
      fallbackName: `${def.title}.xlsx`,
    });
    this.saver.save(blob, fileName);
    return fileName;
  }

  history(def: ResourceDef, keyId: string): Promise<HistoryEntry[]> {
    return this.http.get(`${one(def, keyId)}/history`);
  }
}
