// 业务详情's 附件 (src/domain/financing/attachments.ts): a module that binds files to a business declares how
// they group — the stage and the field that hold each — and with that, that whoever may see the business reads
// them (file-records.ts). The timeline's move attachments are this module's own.
import type { Kysely } from 'kysely';
import type { BusinessAttachment } from '../../../../src/domain/financing/attachments';
import type { Database } from '../../db/database';
import { type Extensions, extensionsOf, moduleExtensions } from '../../stage/extensions';
import { registerFileRecord } from '../file/file-records';
import { missingBlobs } from '../file/zip-files';
import { TIMELINE_FILE_TYPE } from './aggregate';
import { businessEvents } from './repository';
import { businessesVisibleTo } from './visibility';
import type { Stage } from '../../../../src/domain/financing/stages';

declare module '../../stage/extensions' {
  interface ExtensionPoints {
    businessFiles: Map<string, SlotLoader>;
  }
}

/** Files of one stage's field, in the order the field lists them. */
export interface AttachmentSlot {
  stage: Stage;
  group: string;
  keyIds: readonly string[];
}

export type SlotLoader = (db: Kysely<Database>, tenantId: string, businessId: string) => Promise<AttachmentSlot[]>;

/**
 * Files bound with `fileType` to a business (its id as the binding's record id) are the business's attachments,
 * in the slots `load` says, and are read by whoever may see the business.
 */
export function registerBusinessFiles(x: Extensions, fileType: string, load: SlotLoader): void {
  x.point('businessFiles').set(fileType, load);
  registerFileRecord(x, fileType, businessesVisibleTo);
}

/** What this module adds to each app (app-extensions.ts applies it). */
export const extend = moduleExtensions('business.attachments');

// A move's attachments (退回 with a scan, a vote's minutes): the stage it was made in, under the move's name.
extend(registerBusinessFiles, TIMELINE_FILE_TYPE, async (db, tenantId, businessId) =>
  (await businessEvents(db, tenantId, businessId))
    .filter((e) => e.fileIds.length > 0)
    .map((e) => ({ stage: e.stage, group: e.actionLabel, keyIds: e.fileIds })),
);

/** Every attachment of the business (whose visibility the caller has checked), stage by stage. */
export async function businessAttachments(
  db: Kysely<Database>,
  filesDir: string,
  tenantId: string,
  businessId: string,
): Promise<(BusinessAttachment & { sha256: string; createdAt: Date })[]> {
  const slots: (AttachmentSlot & { type: string })[] = [];
  for (const [type, load] of extensionsOf(db).point('businessFiles')) {
    for (const slot of await load(db, tenantId, businessId)) slots.push({ ...slot, type });
  }
  const ids = [...new Set(slots.flatMap((s) => s.keyIds))];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('stored_file as f')
    .leftJoin('app_user as u', 'u.user_id', 'f.created_by')
    .select([
      'f.key_id',
      'f.file_name',
      'f.size',
      'f.content_type',
      'f.extension',
      'f.sha256',
      'f.business_type',
      'f.created_at',
      'u.nick_name',
    ])
    .where('f.tenant_id', '=', tenantId)
    .where('f.business_id', '=', businessId)
    .where('f.key_id', 'in', ids)
    .execute();
  // Only what is bound to this business under the slot's own type: a stale id in a form names nothing.
  const byId = new Map(rows.map((r) => [r.key_id, r]));
  const missing = new Set((await missingBlobs(filesDir, rows)).map((r) => r.key_id));
  const seen = new Set<string>();
  return slots.flatMap((slot) =>
    slot.keyIds.flatMap((id) => {
      const r = byId.get(id);
      if (!r || r.business_type !== slot.type || seen.has(id)) return [];
      seen.add(id);
      return [
        {
          keyId: r.key_id,
          name: r.file_name,
          size: Number(r.size),
          contentType: r.content_type,
          extension: r.extension,
          stage: slot.stage,
          group: slot.group,
          uploaderName: r.nick_name ?? null,
          uploadedAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
          missing: missing.has(r.key_id),
          sha256: r.sha256,
          createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
        },
      ];
    }),
  );
}
