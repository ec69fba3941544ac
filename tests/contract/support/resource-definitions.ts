// Every plain resource the domain defines, gathered by file name: the contract cases and their provider
// states are generated from the same definitions, so a new resource brings its contract with it.
import type { ResourceDef } from '../../../src/domain/resource/resource';

const modules = import.meta.glob<Record<string, unknown>>('../../../src/domain/**/*.resource.ts', { eager: true });
const isDef = (value: unknown): value is ResourceDef =>
  typeof value === 'object' && value !== null && 'api' in value && 'fields' in value && 'storage' in value;

export const RESOURCE_DEFINITIONS: ResourceDef[] = Object.values(modules).flatMap((m) =>
  Object.values(m).filter(isDef),
);

/** The fixed id of a resource's pact record. */
export const pactId = (def: ResourceDef) => `pact-${def.name}`;

export const resourceState = {
  /** admin signed in, and the resource's pact record put back to its sample in the initial status, version 1. */
  recordExists: (def: ResourceDef) => `admin is signed in and the pact ${def.name} record exists`,
  /** admin signed in, and nothing of the resource holds the sample's values (so creating it succeeds). */
  noRecord: (def: ResourceDef) => `admin is signed in and no pact ${def.name} record exists`,
};
