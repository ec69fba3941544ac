import type { ServiceIdentifier } from 'inversify';
import type { ResourceForm, ResourceRecord } from '../../domain/resource/resource';

/**
 * 风控汇总参数's calls beyond the kit (BUSINESS.md §2 Parameters, versioned, one in force): the version in
 * force, and the save that makes the next version. The versions' list, detail and export are the kit's.
 */
export interface ParametersGateway {
  activeSummary(): Promise<ResourceRecord>;
  /** `version`: the version number read; a stale one is refused (160300409). */
  saveSummary(form: ResourceForm, version: number): Promise<ResourceRecord>;
}

export const ParametersGatewayId: ServiceIdentifier<ParametersGateway> = Symbol.for('ParametersGateway');
