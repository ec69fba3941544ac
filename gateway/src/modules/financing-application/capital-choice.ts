// 资金方 and 资金产品 of a 融资申请 (src/domain/financing/capital-choice.ts): what the make page offers — the
// tenant's capital sides with whether the supplier's consent covers each, their live products — the warnings
// it shows before anything is typed, and the check 保存 makes (the same pure function the submission asks).
import type { Kysely } from 'kysely';
import {
  type CapitalChoice,
  type CapitalSideOption,
  type ProductOption,
  applicationWarnings,
  capitalChoiceProblems,
} from '../../../../src/domain/financing/capital-choice';
import { FINANCING_APPLICATION_STAGE } from '../../../../src/domain/financing/financing-application';
import type { StateKey } from '../../../../src/domain/financing/lifecycle';
import type { Database } from '../../db/database';
import { invalidInput } from '../../plugins/envelope';
import { staleError } from '../../stage/stage-scope';
import { type Actor, reviseBusiness } from '../business/aggregate';
import { newApplicationFacts } from '../business/facts';
import { businessDay } from '../../../../src/domain/calendar/calendar-date';

export interface CapitalOffer {
  capitalSides: CapitalSideOption[];
  products: ProductOption[];
  warnings: string[];
}

/** The capital sides and live products offered to this supplier's application, and what to warn of now. */
export async function capitalOffer(
  db: Kysely<Database>,
  tenantId: string,
  supplierId: string,
  choice: CapitalChoice,
  now: Date,
): Promise<CapitalOffer> {
  const today = businessDay(now);
  const [facts, sides, products] = await Promise.all([
    newApplicationFacts(db, tenantId, [supplierId], now),
    db
      .selectFrom('organization')
      .select(['org_id', 'org_name'])
      .where('tenant_id', '=', tenantId)
      .where('org_type', '=', 'CAPITAL_SIDE')
      .where('status', '=', 'ENABLED')
      .orderBy('org_id')
      .execute(),
    db
      .selectFrom('fund_product')
      .select(['product_id', 'product_name', 'capital_side_id', 'term_min_days', 'term_max_days'])
      .select(['min_rate', 'max_rate'])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .where('valid_from', '<=', today)
      .where('valid_to', '>=', today)
      .orderBy('product_code')
      .execute(),
  ]);
  const f = facts.get(supplierId);
  const capitalSides = sides.map((s) => ({
    keyId: s.org_id,
    name: s.org_name,
    consented: !!f?.covers(s.org_id),
  }));
  return {
    capitalSides,
    products: products.map((p) => ({
      keyId: p.product_id,
      name: p.product_name,
      capitalSideId: p.capital_side_id,
      termMinDays: Number(p.term_min_days),
      termMaxDays: Number(p.term_max_days),
      minRate: Number(p.min_rate).toFixed(4),
      maxRate: Number(p.max_rate).toFixed(4),
    })),
    warnings: applicationWarnings({ locked: !!f?.locked, anyConsent: !!f?.anyConsent }, choice, capitalSides),
  };
}

/**
 * 保存's check of the choice: refused, with the rule's words, is a locked supplier, a capital side the supplier
 * gave no consent for, a product not live or of another side — what the page warned of. `complete`: both
 * must be chosen (the submission).
 */
export async function capitalChoiceRefusals(
  db: Kysely<Database>,
  tenantId: string,
  supplierId: string,
  choice: CapitalChoice,
  now: Date,
  complete = false,
): Promise<string[]> {
  const offer = await capitalOffer(db, tenantId, supplierId, choice, now);
  // The warnings (the lock, no consent at all, the named side) first; the choice's own refusals after, once each.
  return [
    ...new Set([...offer.warnings, ...capitalChoiceProblems(choice, offer.capitalSides, offer.products, complete)]),
  ];
}

/**
 * The choice as SUBMIT_APPLICATION reads it: both chosen, allowed, and the chosen product's term range, which
 * binds the application's term.
 */
export async function submittedCapital(
  db: Kysely<Database>,
  tenantId: string,
  business: { supplierId: string; capitalSideId?: string | null; productId?: string | null },
  now: Date,
): Promise<{ problems: string[]; productTerm: { termMinDays: number; termMaxDays: number } | null }> {
  const choice = { capitalSideId: business.capitalSideId ?? null, productId: business.productId ?? null };
  const offer = await capitalOffer(db, tenantId, business.supplierId, choice, now);
  const product = offer.products.find((p) => p.keyId === choice.productId) ?? null;
  return {
    problems: [
      ...new Set([...offer.warnings, ...capitalChoiceProblems(choice, offer.capitalSides, offer.products, true)]),
    ],
    productTerm: product,
  };
}

/** Throws the first refusal of the choice as the house answers a guard (160300400). */
export async function checkCapitalChoice(
  db: Kysely<Database>,
  tenantId: string,
  supplierId: string,
  choice: CapitalChoice,
  now: Date,
): Promise<void> {
  const [first] = await capitalChoiceRefusals(db, tenantId, supplierId, choice, now);
  if (first) throw invalidInput(first);
}

/** The first 保存 of a new application carries its choice onto the business, through the aggregate. */
export async function carryCapital(
  trx: Kysely<Database>,
  ctx: { tenantId: string; actor: Actor; now: Date },
  business: { keyId: string; version: number; state: StateKey },
  capital: CapitalChoice,
): Promise<void> {
  const held = await reviseBusiness(trx, {
    tenantId: ctx.tenantId,
    businessId: business.keyId,
    version: business.version,
    states: [business.state],
    actor: ctx.actor,
    now: ctx.now,
    set: capital,
  });
  if (!held) throw staleError(FINANCING_APPLICATION_STAGE.messages.stale);
}

/** Each candidate business's warnings (lock, consent for its capital side if it has one), before it is opened. */
export async function candidateWarnings(
  db: Kysely<Database>,
  tenantId: string,
  rows: readonly { supplier_id: string; capital_side_id: string | null; capital_side_name: string | null }[],
  now: Date,
): Promise<string[][]> {
  const facts = await newApplicationFacts(
    db,
    tenantId,
    rows.map((r) => r.supplier_id),
    now,
  );
  return rows.map((r) => {
    const f = facts.get(r.supplier_id);
    const sides = r.capital_side_id
      ? [{ keyId: r.capital_side_id, name: r.capital_side_name ?? '', consented: !!f?.covers(r.capital_side_id) }]
      : [];
    return applicationWarnings(
      { locked: !!f?.locked, anyConsent: !!f?.anyConsent },
      { capitalSideId: r.capital_side_id, productId: null },
      sides,
    );
  });
}
