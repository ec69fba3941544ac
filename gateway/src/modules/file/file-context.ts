// What the file plugins share (SPEC §7.2 files): the blob store, the URL signer, the messages, and the one
// way a route finds the files a caller names — in the caller's tenant, and only those the caller may touch
// (src/domain/upload/file-access.ts). Another's file answers 160300404 like a file that does not exist.
import { createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { formatFileSize } from '../../../../src/domain/format/file-size';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { CONTENT_TYPES } from '../../../../src/domain/upload/content-types';
import { mayReadFile, mayTouchFile } from '../../../../src/domain/upload/file-access';
import { UploadMessage } from '../../../../src/domain/upload/upload-rules';
import type { Database } from '../../db/database';
import type { GatewayDeps } from '../../deps';
import type { GuardedSession, Session } from '../../plugins/auth-guard';
import { AppError, invalidInput, notFound } from '../../plugins/envelope';
import { grantedMenus } from '../menu/repository';
import type { BlobStore } from './blob-store';
import { visibleBindings } from './file-records';
import { contentDisposition } from './file-names';
import type { StoredFile } from './repository';
import { blobInUse, findFiles } from './repository';
import type { FileInfo } from './schemas';

/** What the server stores at all: the content-type table minus what a browser would run (HTML, SVG). */
export const SERVER_EXTENSIONS: readonly string[] = Object.keys(CONTENT_TYPES).filter(
  (e) => e !== '' && !['html', 'htm', 'svg'].includes(e),
);

export const BATCH_MAX_FILES = 20;
/** keyIds one call may name (download as zip, conversion). */
export const KEY_IDS_MAX = 20;

export const FileMessage = {
  notMultipart: '请使用 multipart/form-data 上传文件',
  malformed: '上传内容格式不正确',
  interrupted: '上传已中断',
  noFile: '请选择要上传的文件',
  oneFile: '一次只能上传一个文件，多个文件请使用批量上传',
  tooMany: `一次最多上传${BATCH_MAX_FILES}个文件`,
  mismatch: '文件内容与扩展名不符，请上传真实的文件',
  notFound: '文件不存在',
  linkExpired: '文件链接已失效，请重新打开',
  lockConflict: (holder: string) => `文档正在被${holder}编辑，请稍后再试`,
  lockMismatch: '文档锁不一致，请重新打开文档',
  lockMissing: '缺少文档锁标识',
  tooManyKeys: `一次最多处理${KEY_IDS_MAX}个文件`,
} as const;

export const fileNotFound = () => notFound(FileMessage.notFound);

export function infoOf(row: StoredFile): FileInfo {
  return {
    keyId: row.key_id,
    name: row.file_name,
    size: Number(row.size),
    contentType: row.content_type,
    extension: row.extension,
  };
}

export function keyIdsOf(value: string | string[]): string[] {
  const list = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((v) => !/^[0-9a-zA-Z_-]{1,64}$/.test(v)))
    throw invalidInput('参数校验失败：keyIds 格式不正确');
  const unique = [...new Set(list)];
  if (unique.length > KEY_IDS_MAX) throw invalidInput(FileMessage.tooManyKeys);
  return unique;
}

/** The multipart library's own errors, in the envelope's words. */
export function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(ResultCode.invalidInput, UploadMessage.size(formatFileSize(maxBytes)), 413);
  if (code === 'FST_FILES_LIMIT') return new AppError(ResultCode.invalidInput, FileMessage.tooMany, 413);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(ResultCode.invalidInput, FileMessage.malformed, 413);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalidInput(FileMessage.notMultipart);
  if (code === 'FST_PROTO_VIOLATION') return invalidInput(FileMessage.malformed);
  // The client went away mid-upload: nobody reads the answer, but it is no server fault to log as one.
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return invalidInput(FileMessage.interrupted);
  if (error instanceof Error && /multipart|boundary|unexpected end|malformed|part/i.test(error.message))
    return invalidInput(FileMessage.malformed);
  return error;
}

export interface FileContext {
  deps: GatewayDeps;
  store: BlobStore;
  sign(keyId: string, expires: number): string;
}

export function fileContext(deps: GatewayDeps, store: BlobStore, urlSecret: string): FileContext {
  return {
    deps,
    store,
    sign: (keyId, expires) => createHmac('sha256', urlSecret).update(`${keyId}:${expires}`).digest('hex'),
  };
}

/**
 * The files named, in the caller's tenant and each one the caller may touch, in the order asked; any other
 * (missing, another tenant's, another user's) makes the whole call 160300404.
 */
export async function touchableFiles(
  ctx: FileContext,
  session: Session,
  keyIds: readonly string[],
): Promise<StoredFile[]> {
  const rows = await findFiles(ctx.deps.db, session.tenantId, keyIds);
  if (rows.length !== keyIds.length) throw fileNotFound();
  let grants: Map<string, Set<string>> | undefined;
  for (const row of rows) {
    if (row.created_by === session.userId) continue;
    grants ??= await grantedMenus(ctx.deps.db, session.userId, session.tenantId);
    const facts = { createdBy: row.created_by, subSys: row.sub_sys, module: row.module, businessId: row.business_id };
    if (!mayTouchFile(facts, { userId: session.userId, grants })) throw fileNotFound();
  }
  return rows;
}

export async function touchableFile(ctx: FileContext, session: Session, keyId: string): Promise<StoredFile> {
  return (await touchableFiles(ctx, session, [keyId]))[0]!;
}

/**
 * The files named, each one the caller may read (file-access.ts mayReadFile): what it may touch, and the files
 * bound to a record it may see (file-records.ts) — a reviewer's read of what they review. Any other answers
 * 160300404, as a missing file does.
 */
export async function readableFiles(
  ctx: FileContext,
  session: GuardedSession,
  keyIds: readonly string[],
): Promise<StoredFile[]> {
  const rows = await findFiles(ctx.deps.db, session.tenantId, keyIds);
  if (rows.length !== keyIds.length) throw fileNotFound();
  const others = rows.filter((r) => r.created_by !== session.userId);
  if (others.length === 0) return rows;
  const [grants, seen] = await Promise.all([
    session.grants(),
    visibleBindings(
      ctx.deps.db,
      session,
      others.map((r) => ({ type: r.business_type, id: r.business_id })),
    ),
  ]);
  for (const row of others) {
    const facts = { createdBy: row.created_by, subSys: row.sub_sys, module: row.module, businessId: row.business_id };
    if (!mayReadFile(facts, { userId: session.userId, grants }, seen.has(`${row.business_type}:${row.business_id}`)))
      throw fileNotFound();
  }
  return rows;
}

export async function readableFile(ctx: FileContext, session: GuardedSession, keyId: string): Promise<StoredFile> {
  return (await readableFiles(ctx, session, [keyId]))[0]!;
}

/**
 * Runs `work` in a transaction holding a database lock on each blob (sorted, so two calls cannot deadlock):
 * committing a blob with its row, and removing a blob no row names, then exclude each other across every
 * gateway on the database — one gateway's delete cannot unlink the blob another has just committed.
 */
export function withBlobLocks<T>(
  ctx: FileContext,
  sha256s: readonly string[],
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return ctx.deps.db.transaction().execute(async (trx) => {
    for (const sha of [...new Set(sha256s)].sort())
      await sql`select pg_advisory_xact_lock(hashtextextended(${sha}, 0))`.execute(trx);
    return work(trx);
  });
}

export async function releaseBlob(ctx: FileContext, sha256: string): Promise<void> {
  await withBlobLocks(ctx, [sha256], async (trx) => {
    if (!(await blobInUse(trx, sha256))) await ctx.store.remove(sha256);
  });
}

export async function sendBlob(ctx: FileContext, reply: FastifyReply, row: StoredFile, kind: 'attachment' | 'inline') {
  const path = ctx.store.pathOf(row.sha256);
  const size = (await stat(path).catch(() => null))?.size;
  if (size === undefined) throw fileNotFound();
  reply
    .header('content-type', row.content_type === '*/*' ? 'application/octet-stream' : row.content_type)
    .header('content-length', size)
    .header('content-disposition', contentDisposition(kind, row.file_name))
    .header('cache-control', 'private, no-store');
  return reply.send(createReadStream(path));
}

/** Temporary files older than this at start were left by a crash (an upload or conversion in flight). */
export const STALE_TEMP_MS = 60 * 60_000;

/**
 * Removes what a crashed gateway left in the store's temporary area. Only entries older than STALE_TEMP_MS
 * go, so a second gateway's upload in progress on a shared folder is not cut.
 */
export async function sweepTemporaryFiles(filesDir: string, now: Date): Promise<number> {
  const tmp = join(filesDir, 'tmp');
  const names = await readdir(tmp).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(tmp, name);
    const info = await stat(path).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < STALE_TEMP_MS) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
