// The documents a stage prints for a business, handed on by name to a later stage (HOUSE.md "Documents are data
// first"): the committee's 尽调报告, 评审会纪要 and 融资决议 are printed from their records on request, and the push
// packs them for the capital side beside the stored contracts and letters. Each stage registers how its document
// of one business is printed — its template and values as of now — and a later stage asks for all of them, in
// the lifecycle's order, without knowing any stage's tables.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DocumentTemplate } from '../documents/document-template';
import { type Extensions, extensionsOf } from './extensions';

declare module './extensions' {
  interface ExtensionPoints {
    businessPrints: Map<string, { order: number; source: PrintSource }>;
  }
}

/** One business's printed document: its file's name (without `.pdf`), its template and its values. */
export interface BusinessPrint {
  name: string;
  template: DocumentTemplate;
  values: Record<string, unknown>;
}

/** How a stage prints its document of a business; null when the business has none (yet). */
export type PrintSource = (
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
) => Promise<BusinessPrint | null>;

/** Registers a stage's print under its name; `order` places it among the others (the lifecycle's order). */
export function registerBusinessPrint(x: Extensions, name: string, order: number, source: PrintSource): void {
  x.point('businessPrints').set(name, { order, source });
}

/** The business's printed documents of every registered stage, in their order; a stage without one is left out. */
export async function businessPrintsOf(
  db: Kysely<Database>,
  tenantId: string,
  businessId: string,
  now: Date,
): Promise<BusinessPrint[]> {
  const ordered = [...extensionsOf(db).point('businessPrints').values()].sort((a, b) => a.order - b.order);
  const out: BusinessPrint[] = [];
  for (const { source } of ordered) {
    const print = await source(db, tenantId, businessId, now);
    if (print) out.push(print);
  }
  return out;
}
