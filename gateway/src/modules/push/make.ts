// What 推送 and 生成函件 write, as the routes make them for the caller and a walk (the seed, a test's set-up) for a
// seeded person: the same documents rendered once and stored through the file service, the same rows, the same
// move through the aggregate. The push's package is a ZIP of the summary (its amount also in 大写), the business's
// stored documents of every stage (contracts, letters) and its attachments.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { shanghaiDay } from '../../../../src/domain/document-numbers';
import { transitionOf } from '../../../../src/domain/financing/lifecycle';
import {
  LETTER_ITEM_STATES,
  LETTER_TYPE_LABEL,
  type LetterType,
  type PushChannel,
  PushMessage,
} from '../../../../src/domain/financing/push';
import { itemParentRefusal } from '../../../../src/domain/workflow/items';
import type { Database } from '../../db/database';
import { layoutDocument } from '../../documents/document-template';
import { drawDocuments } from '../../documents/render-document';
import { invalidInput } from '../../plugins/envelope';
import { storeGeneratedDocument, storedDocumentsOf } from '../../stage/stage-documents';
import type { AnyDb } from '../../stage/stage-scope';
import { businessAttachments } from '../business/attachments';
import { type Actor, type BusinessRow, nextDocumentNo, transitionBusiness } from '../business/aggregate';
import { missingBlobs, zipOf } from '../file/zip-files';
import { newId } from '../operation-log/repository';
import { BUILTIN_CHANNEL } from './channel';
import { LETTER_FILE_TYPE, PACKAGE_FILE_TYPE, letterOf } from './store';
import { LETTER_TEMPLATES, type LetterValues, PUSH_SUMMARY_TEMPLATE } from './templates';

/** Where documents are stored and which font draws their Chinese (the app's deps). */
export interface DocumentPlace {
  filesDir: string;
  cjkFont: { path: string; family: string };
}

/** Who makes it, in which tenant, when. */
export interface Maker {
  tenantId: string;
  actor: Actor;
  now: Date;
}

/** The organisations' names, by id (null ids and unknown ones answer ''). */
async function namesOf(db: AnyDb, tenantId: string, ids: (string | null)[]) {
  const wanted = ids.filter((i): i is string => !!i);
  const rows = wanted.length
    ? await db
        .selectFrom('organization')
        .select(['org_id', 'org_name'])
        .where('tenant_id', '=', tenantId)
        .where('org_id', 'in', wanted)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [String(r.org_id), String(r.org_name)]));
  return ids.map((i) => (i ? (byId.get(i) ?? '') : ''));
}

/** What the letters and the summary print of the business: its parties, terms and contracts. */
/**
 * The debtor the letters go to: the business's project company, or else the project company of its payment
 * orders (an application names its orders, each its project company).
 */
async function projectCompanyOf(db: AnyDb, tenantId: string, b: BusinessRow): Promise<string | null> {
  if (b.projectCompanyId) return b.projectCompanyId;
  const found = await sql<{ id: string }>`select po.project_company_id as id from payment_order po
    where po.tenant_id = ${tenantId} and po.project_company_id is not null and po.order_id in (
      select jsonb_array_elements(a.lines)->>'orderId' from financing_application a
      where a.application_id = ${b.keyId} and a.tenant_id = ${tenantId})
    order by po.order_id limit 1`.execute(db);
  return found.rows[0]?.id ?? null;
}

export async function valuesOf(
  db: AnyDb,
  tenantId: string,
  b: BusinessRow,
  no: string,
  now: Date,
): Promise<LetterValues & { projectCompanyId: string | null }> {
  const projectCompanyId = await projectCompanyOf(db, tenantId, b);
  const [supplierName, projectCompanyName, capitalSideName] = await namesOf(db, tenantId, [
    b.supplierId,
    projectCompanyId,
    b.capitalSideId,
  ]);
  const terms = await db
    .selectFrom('financing_business')
    .select(['approved_annual_rate', 'approved_term_days'])
    .where('tenant_id', '=', tenantId)
    .where('business_id', '=', b.keyId)
    .executeTakeFirst();
  const docs = await storedDocumentsOf(db, tenantId, b.keyId);
  const d = shanghaiDay(now);
  return {
    letterNo: no,
    projectCompanyId,
    businessNo: b.businessNo,
    ...{ supplierName: supplierName ?? '', projectCompanyName: projectCompanyName ?? '' },
    capitalSideName: capitalSideName ?? '',
    amountFen: String(b.approvedAmount ?? b.applyAmount),
    annualRate: terms?.approved_annual_rate === null ? null : String(terms?.approved_annual_rate ?? ''),
    termDays: terms?.approved_term_days === null ? null : Number(terms?.approved_term_days),
    contractNos: docs.map((x) => x.name.replace(/\.pdf$/i, '')).join('、') || '--',
    madeOn: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`,
  };
}

/** A stream read whole (the package is zipped once, then stored). */
async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

async function render(place: DocumentPlace, template: LetterType | 'SUMMARY', values: object, now: Date) {
  const t = template === 'SUMMARY' ? PUSH_SUMMARY_TEMPLATE : LETTER_TEMPLATES[template];
  const [pdf] = await drawDocuments([layoutDocument(t, { ...values })], { cjkFont: place.cjkFont, date: now });
  return pdf as Buffer;
}

/** 生成函件: the letter rendered from its template, stored as its evidence, its row written. Answers the row. */
export async function makeLetter(
  trx: Kysely<Database>,
  place: DocumentPlace,
  m: Maker,
  business: BusinessRow,
  letterType: LetterType,
) {
  const refused = itemParentRefusal(business, LETTER_ITEM_STATES, '函件');
  if (refused) throw invalidInput(refused);
  const t = trx as unknown as AnyDb;
  const letterNo = await nextDocumentNo(trx, m.tenantId, 'letter', m.now);
  const itemId = newId();
  const values = await valuesOf(t, m.tenantId, business, letterNo, m.now);
  const name = LETTER_TYPE_LABEL[letterType];
  const evidence = await storeGeneratedDocument(
    trx,
    place.filesDir,
    { tenantId: m.tenantId, userId: m.actor.userId, now: m.now },
    { name: `${name}-${letterNo}.pdf`, pdf: await render(place, letterType, values, m.now) },
    { type: LETTER_FILE_TYPE, id: itemId },
  );
  const toProject = letterType !== 'PAYMENT_CONFIRMATION';
  const seq = await t
    .selectFrom('formal_letter')
    .select(sql<number>`coalesce(max(seq), 0) + 1`.as('n'))
    .where('tenant_id', '=', m.tenantId)
    .where('business_id', '=', business.keyId)
    .executeTakeFirstOrThrow();
  await t
    .insertInto('formal_letter')
    .values({
      ...{ item_id: itemId, tenant_id: m.tenantId, business_id: business.keyId, seq: Number(seq.n), name },
      ...{ letter_no: letterNo, letter_type: letterType },
      addressee_org_id: toProject ? values.projectCompanyId : business.capitalSideId,
      addressee_name: toProject ? values.projectCompanyName : values.capitalSideName,
      ...{ file_id: evidence.fileId, file_sha256: evidence.sha256, created_by: m.actor.userId },
      ...{ created_at: m.now, updated_at: m.now },
    })
    .execute();
  const row = await t.selectFrom('formal_letter').selectAll().where('item_id', '=', itemId).executeTakeFirstOrThrow();
  return letterOf(row as Record<string, unknown>);
}

export interface PushForm {
  version: number;
  channel: PushChannel;
  zhongdengQueryNo: string;
  comment?: string;
}

/**
 * 推送: the package made and stored, the push written and 提交 made through the aggregate in the caller's
 * transaction (PUSH judges the push just written). Answers the push's number and the package's sha-256.
 */
export async function makePush(
  trx: Kysely<Database>,
  place: DocumentPlace,
  m: Maker,
  business: BusinessRow,
  form: PushForm,
) {
  // The table has no 推送 from here: a push under review or awaiting the capital side is not made twice.
  if (!transitionOf(business.state, 'submit')) throw invalidInput(PushMessage.pending);
  const t = trx as unknown as AnyDb;
  const pushId = newId();
  const pushNo = await nextDocumentNo(trx, m.tenantId, 'push', m.now);
  const owner = { tenantId: m.tenantId, userId: m.actor.userId, now: m.now };
  const binding = { type: PACKAGE_FILE_TYPE, id: pushId };
  // A stored row whose bytes are not in this store (a walk's stand-in contract) is not packed: a zip cannot say so
  // once it streams.
  const listed = await storedDocumentsOf(t, m.tenantId, business.keyId);
  const absent = new Set((await missingBlobs(place.filesDir, listed)).map((d) => d.fileId));
  const docs = listed.filter((d) => !absent.has(d.fileId));
  const files = await businessAttachments(trx, place.filesDir, m.tenantId, business.keyId);
  const entries = [
    ...docs.map((d) => ({ sha256: d.sha256, name: `文件/${d.name}`, mtime: d.createdAt })),
    ...files.filter((f) => !f.missing).map((f) => ({ sha256: f.sha256, name: `附件/${f.name}`, mtime: f.createdAt })),
  ];
  const values = { ...(await valuesOf(t, m.tenantId, business, pushNo, m.now)), files: entries.map((e) => e.name) };
  const summary = await storeGeneratedDocument(
    trx,
    place.filesDir,
    owner,
    { name: `推送摘要-${pushNo}.pdf`, pdf: await render(place, 'SUMMARY', values, m.now) },
    binding,
  );
  const zip = await bytesOf(
    zipOf(place.filesDir, [{ sha256: summary.sha256, name: '推送摘要.pdf', mtime: m.now }, ...entries]),
  );
  const pkg = await storeGeneratedDocument(
    trx,
    place.filesDir,
    owner,
    { name: `推送资料包-${pushNo}.zip`, pdf: zip, extension: 'zip' },
    binding,
  );
  await t
    .insertInto('capital_push')
    .values({
      ...{ push_id: pushId, tenant_id: m.tenantId, business_id: business.keyId, push_no: pushNo },
      channel: form.channel,
      channel_code: form.channel === 'API' ? BUILTIN_CHANNEL : null,
      ...{ capital_side_id: business.capitalSideId, product_id: business.productId },
      zhongdeng_query_no: form.zhongdengQueryNo.trim(),
      ...{ package_file_id: pkg.fileId, package_sha256: pkg.sha256 },
      ...{ created_by: m.actor.userId, created_at: m.now, updated_at: m.now },
    })
    .execute();
  await transitionBusiness(trx, {
    ...{ tenantId: m.tenantId, businessId: business.keyId, actor: m.actor, action: 'submit' },
    ...{ version: form.version, now: m.now, ...(form.comment ? { comment: form.comment } : {}) },
  });
  return { pushId, pushNo, sha256: pkg.sha256 };
}
