// Suppliers, their capital sides and their consents to the data-query authorization. Every query carries the
// tenant predicate: another tenant's supplier is not found.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

export interface SupplierRow {
  org_id: string;
  org_name: string;
  gys_id: string | null;
  data_auth_state: string | null;
}

/**
 * The tenant's supplier with this supplier number. The supplier's organisation id is accepted too: the
 * spec's client is only known to send "an organisation id" for the check.
 */
export function findSupplier(db: Kysely<Database>, tenantId: string, gysId: string): Promise<SupplierRow | undefined> {
  return db
    .selectFrom('organization')
    .select(['org_id', 'org_name', 'gys_id', 'data_auth_state'])
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'SUPPLIER')
    .where((eb) => eb.or([eb('gys_id', '=', gysId), eb('org_id', '=', gysId)]))
    .orderBy('org_id')
    .executeTakeFirst();
}

export function findUserOrganization(db: Kysely<Database>, userId: string, tenantId: string) {
  return db
    .selectFrom('app_user')
    .select(['organization_id', 'user_type'])
    .where('user_id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

export async function findTenantName(db: Kysely<Database>, tenantId: string): Promise<string | undefined> {
  const row = await db.selectFrom('tenant').select('tenant_name').where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.tenant_name;
}

/** The tenant's capital sides (资金方) in their display order: the codes a consent covers. */
export async function listCapitalSideCodes(db: Kysely<Database>, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('organization')
    .select('org_id')
    .where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'CAPITAL_SIDE')
    .orderBy('sort_no')
    .orderBy('org_id')
    .execute();
  return rows.map((r) => r.org_id);
}

export interface Consent {
  tenantId: string;
  supplier: SupplierRow;
  templateId: string;
  authState: string;
  userId: string;
  capitalSideCodes: readonly string[];
  now: Date;
}

/** Records the consent and marks the supplier authorized, in one transaction. */
export async function recordConsent(db: Kysely<Database>, consent: Consent): Promise<string> {
  const consentId = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('supplier_consent')
      .values({
        consent_id: consentId,
        tenant_id: consent.tenantId,
        supplier_org_id: consent.supplier.org_id,
        gys_id: consent.supplier.gys_id ?? consent.supplier.org_id,
        template_id: consent.templateId,
        auth_state: consent.authState,
        user_id: consent.userId,
        consented_at: consent.now,
      })
      .execute();
    await trx
      .insertInto('supplier_consent_capital_side')
      .values(
        [...new Set(consent.capitalSideCodes)].map((code) => ({ consent_id: consentId, capital_side_org_id: code })),
      )
      .execute();
    await trx
      .updateTable('organization')
      .set({ data_auth_state: 'AUTHORIZED' })
      .where('org_id', '=', consent.supplier.org_id)
      .where('tenant_id', '=', consent.tenantId)
      .execute();
  });
  return consentId;
}

/** The supplier's consents, newest first, with the capital sides each covers. */
export async function listConsents(db: Kysely<Database>, tenantId: string, supplierOrgId: string) {
  const consents = await db
    .selectFrom('supplier_consent')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('supplier_org_id', '=', supplierOrgId)
    .orderBy('consented_at', 'desc')
    .execute();
  if (consents.length === 0) return [];
  const sides = await db
    .selectFrom('supplier_consent_capital_side')
    .select(['consent_id', 'capital_side_org_id'])
    .where(
      'consent_id',
      'in',
      consents.map((c) => c.consent_id),
    )
    .orderBy('capital_side_org_id')
    .execute();
  return consents.map((c) => ({
    ...c,
    capitalSideCodes: sides.filter((s) => s.consent_id === c.consent_id).map((s) => s.capital_side_org_id),
  }));
}

/** Withdraws every consent of the supplier and sets it back to pending (the contract tests' fresh state). */
export async function resetConsent(db: Kysely<Database>, tenantId: string, supplierOrgId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('supplier_consent')
      .where('tenant_id', '=', tenantId)
      .where('supplier_org_id', '=', supplierOrgId)
      .execute();
    await trx
      .updateTable('organization')
      .set({ data_auth_state: 'PENDING' })
      .where('org_id', '=', supplierOrgId)
      .where('tenant_id', '=', tenantId)
      .execute();
  });
}
