// 业务详情's tabs per stage (BUSINESS.md §4 `/business/newDetails`): each stage's module says what its part of a
// business looks like on the detail — the pre-credit its amounts and basis orders, the application its lines and
// documents — so the business module reads no child table of its own accord and a new stage adds its tab by
// declaring it here, as it declares its checkpoint rule.
import type { Kysely } from 'kysely';
import type { BusinessSections } from '../../../../src/domain/financing/business-list';
import type { Database } from '../../db/database';
import { type Extensions, extensionsOf } from '../../stage/extensions';

declare module '../../stage/extensions' {
  interface ExtensionPoints {
    detailSections: Map<keyof BusinessSections, SectionLoader<keyof BusinessSections>>;
  }
}

/** Who reads the detail: the applicant's own users see less of some tabs (the committee's deliberation). */
export interface SectionViewer {
  supplierId: string | null;
}

export type SectionLoader<K extends keyof BusinessSections> = (
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
  viewer: SectionViewer,
) => Promise<BusinessSections[K] | null>;

export function registerDetailSection<K extends keyof BusinessSections>(
  x: Extensions,
  key: K,
  load: SectionLoader<K>,
): void {
  x.point('detailSections').set(key, load as SectionLoader<keyof BusinessSections>);
}

/** The sections a business has: a stage it never reached has none. */
export async function detailSections(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
  viewer: SectionViewer,
): Promise<BusinessSections> {
  const out: Record<string, unknown> = {};
  for (const [key, load] of extensionsOf(db).point('detailSections')) {
    const section = await load(db, tenantId, businessId, now, viewer);
    if (section) out[key] = section;
  }
  return out as BusinessSections;
}
