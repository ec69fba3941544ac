import type { ServiceIdentifier } from 'inversify';
import type { Page, PageRequest } from '../../domain/paging/page';
import type { HistoryEntry, ResourceDef, ResourceForm, ResourceRecord } from '../../domain/resource/resource';

/** The query of a resource's list: its search fields (and `<key>From` / `<key>To` for ranges), status, sort. */
export type ResourceQuery = Record<string, string>;

/** A page of records, with the footer's sums (分) over the whole filter when the definition sums a field. */
export type ResourcePage = Page<ResourceRecord> & { sums?: Record<string, number> };

/** A row a reference or organisation field may point at. */
export interface RefOption {
  keyId: string;
  name: string;
}
export type ResourceOption = RefOption;

/** Every plain resource over SPEC §7.2's generic helper `api/{subSys}/{module}`, read from its definition. */
export interface ResourceGateway {
  page(def: ResourceDef, query: ResourceQuery, page: PageRequest & { sort?: string }): Promise<ResourcePage>;
  /** The rows a reference or organisation field of the form may point at. */
  options(def: ResourceDef, key: string): Promise<RefOption[]>;
  get(def: ResourceDef, keyId: string): Promise<ResourceRecord>;
  create(def: ResourceDef, form: ResourceForm): Promise<ResourceRecord>;
  update(def: ResourceDef, keyId: string, form: ResourceForm, version: number): Promise<ResourceRecord>;
  remove(def: ResourceDef, keyId: string, version: number): Promise<void>;
  /** `values`: the transition's own fields (`inputs`), as wire values. */
  transition(
    def: ResourceDef,
    keyId: string,
    action: string,
    version: number,
    comment: string,
    values?: ResourceForm,
  ): Promise<ResourceRecord>;
  /** Saves the .xlsx of the query's records; answers the file name. */
  exportList(def: ResourceDef, query: ResourceQuery): Promise<string>;
  /** The record's history, newest first (definitions with `history`). */
  history(def: ResourceDef, keyId: string): Promise<HistoryEntry[]>;
}

export const ResourceGatewayId: ServiceIdentifier<ResourceGateway> = Symbol.for('ResourceGateway');
