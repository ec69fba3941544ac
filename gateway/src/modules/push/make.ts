// What 推送 writes, as the route makes it for the caller and a walk (the seed, a test's set-up) for a seeded person:
// the same documents rendered once and stored through the file service, the same rows, the same move through the
// aggregate. The push's package is a ZIP of the summary (its amount also in 大写), the committee's documents
// (尽调报告, 评审会纪要, 融资决议书) printed with it, the business's stored documents of every stage (contracts,
// letters), its attachments, and the kit's manifest of every file's sha-256. Everything is read, drawn and stored
// before the push's transaction opens, which only records it (the kit's printed files): drawing four PDFs inside it
// held a connection idle past the database's limit. A refusal there removes what was printed.
import type { Kysely } from 'kysely';
import { transitionOf } from '../../../../src/domain/financing/lifecycle';
import { PUSH_STAGE, type PushChannel, PushMessage } from '../../../../src/domain/financing/push';
import type { Database } from '../../db/database';
import { layoutDocument } from '../../documents/document-template';
import { drawDocuments } from '../../documents/render-document';
import { invalidInput, notFound } from '../../plugins/envelope';
import { storedDocumentsOf } from '../../stage/stage-documents';
import { type PrintedFile, printFiles, printPackage, recordPrinted } from '../../stage/stage-package';
import { type DocumentPlace, type PrintMaker, businessPrintValues } from '../../stage/stage-print-values';
import { makePrinted } from '../../stage/stage-printed-make';
import { businessPrintsOf } from '../../stage/stage-prints';
import { staleError } from '../../stage/stage-scope';
import { businessAttachments } from '../business/attachments';
import { type BusinessRow, inScope, loadBusiness, nextDocumentNo, transitionBusiness } from '../business/aggregate';
import { missingBlobs } from '../file/zip-files';
import { newId } from '../../ids';
import { logOperation } from '../operation-log/repository';
import { BUILTIN_CHANNEL } from './channel';
import { PACKAGE_FILE_TYPE } from './store';
import { PUSH_SUMMARY_TEMPLATE } from './templates';

export interface PushForm {
  version: number;
  channel: PushChannel;
  zhongdengQueryNo: string;
  comment?: string;
}

/** The business as a push finds it, in the caller's scope: the version read, no push under review or awaited. */
function pushable(business: BusinessRow, m: PrintMaker, form: PushForm) {
  if (!inScope(m.actor, business)) throw notFound(PUSH_STAGE.messages.notFound);
  if (business.version !== form.version) throw staleError(PUSH_STAGE.messages.stale);
  // The table has no 推送 from here: a push under review or awaiting the capital side is not made twice.
  if (!transitionOf(business.state, 'submit')) throw invalidInput(PushMessage.pending);
}

/**
 * 推送: the package printed and stored, then in one transaction the business locked and checked again, the files
 * recorded as the push's, the push written and 提交 made through the aggregate (PUSH judges the push just written).
 * Answers the push's id and number and the package's sha-256.
 */
export async function makePush(
  db: Kysely<Database>,
  place: DocumentPlace,
  m: PrintMaker,
  businessId: string,
  form: PushForm,
) {
  const pushId = newId(m.now);
  const owner = { tenantId: m.tenantId, userId: m.actor.userId, now: m.now };
  return makePrinted(db, place.filesDir, {
    signal: m.signal,
    read: (d, lock) => loadBusiness(d, m.tenantId, businessId, lock),
    check: (business) => pushable(business, m, form),
    print: (business) => printPush(db, place, m, business),
    async write(trx, { files, pushNo }, business) {
      const stored = await recordPrinted(trx, place.filesDir, owner, files, { type: PACKAGE_FILE_TYPE, id: pushId });
      const zip = stored[stored.length - 1] as { fileId: string; sha256: string };
      await trx
        .insertInto('capital_push')
        .values({
          ...{ push_id: pushId, tenant_id: m.tenantId, business_id: businessId, push_no: pushNo },
          ...{ channel: form.channel, channel_code: form.channel === 'API' ? BUILTIN_CHANNEL : null },
          ...{ capital_side_id: business.capitalSideId, product_id: business.productId },
          zhongdeng_query_no: form.zhongdengQueryNo.trim(),
          ...{ package_file_id: zip.fileId, package_sha256: zip.sha256 },
          ...{ created_by: m.actor.userId, created_at: m.now, updated_at: m.now },
        })
        .execute();
      await transitionBusiness(trx, {
        ...{ tenantId: m.tenantId, businessId, actor: m.actor, action: 'submit' },
        ...{ version: form.version, now: m.now, ...(form.comment ? { comment: form.comment } : {}) },
      });
      const after = { pushId, pushNo, sha256: zip.sha256, channel: form.channel };
      await logOperation(trx, {
        ...{ tenantId: m.tenantId, userId: m.actor.userId, now: m.now, action: `${PUSH_STAGE.resource.name}.push` },
        ...{ targetType: PUSH_STAGE.resource.name, targetId: businessId, after },
      });
      return after;
    },
  });
}

/** The package's files printed (the committee's documents, the summary, the manifest, the ZIP last) and its number. */
async function printPush(db: Kysely<Database>, place: DocumentPlace, m: PrintMaker, business: BusinessRow) {
  const businessId = business.keyId;
  const pushNo = await nextDocumentNo(db, m.tenantId, 'push', m.now);
  // A stored row whose bytes are not in this store (a walk's stand-in contract) is not packed: a zip cannot say so
  // once it streams.
  const listed = await storedDocumentsOf(db, m.tenantId, businessId);
  const absent = new Set((await missingBlobs(place.filesDir, listed)).map((d) => d.fileId));
  const docs = listed.filter((d) => !absent.has(d.fileId));
  const files = (await businessAttachments(db, place.filesDir, m.tenantId, businessId)).filter((f) => !f.missing);
  const prints = await businessPrintsOf(db, m.tenantId, businessId, m.now);
  const committee = prints.map((p) => `审批/${p.name}.pdf`);
  const kept = [
    ...docs.map((d) => ({ sha256: d.sha256, name: `文件/${d.name}`, mtime: d.createdAt })),
    ...files.map((f) => ({ sha256: f.sha256, name: `附件/${f.name}`, mtime: f.createdAt })),
  ];
  const listedNames = [...committee, ...kept.map((e) => e.name)];
  const values = { ...(await businessPrintValues(db, m.tenantId, business, m.now)), pushNo, files: listedNames };
  // The committee's documents as of now and the summary, drawn in one go.
  const layouts = [...prints, { template: PUSH_SUMMARY_TEMPLATE, values }].map((p) =>
    layoutDocument(p.template, p.values),
  );
  const drawn = await drawDocuments(layouts, { cjkFont: place.cjkFont, date: m.now });
  const names = [...prints.map((p) => `${p.name}.pdf`), `推送摘要-${pushNo}.pdf`];
  const printed = await printFiles(
    place.filesDir,
    drawn.map((bytes, i) => ({ name: names[i] as string, bytes })),
  );
  const packed = [
    { sha256: (printed[prints.length] as PrintedFile).sha256, name: '推送摘要.pdf', mtime: m.now },
    ...committee.map((name, i) => ({ sha256: (printed[i] as PrintedFile).sha256, name, mtime: m.now })),
    ...kept,
  ];
  const head = { pushNo, businessNo: business.businessNo, madeAt: m.now.toISOString() };
  const made = { manifest: `推送清单-${pushNo}.json`, zip: `推送资料包-${pushNo}.zip`, at: m.now };
  const pkg = await printPackage(place.filesDir, packed, head, made);
  return { pushNo, files: [...printed, pkg.manifest, pkg.zip] };
}
