// Files (SPEC §7.2, issue 6): upload one or several, the module upload target and delete, download with an
// RFC 6266 name, a zip of several, PDF conversion, a short-lived signed URL for inline preview, copy, binding
// to a business record, and the WOPI-style document-editing lock.
//
// An upload is refused — and leaves nothing behind — when the multipart is malformed, a name looks like a
// path, the extension is not allowed, the file is empty or too large (an envelope answer, the rest of the
// body is drained), or its first bytes do not match its extension (the domain's signatures). Every read
// names the caller's tenant, so another tenant's keyId is not found (160300404).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { formatFileSize } from '../../../../src/domain/format/file-size';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { CONTENT_TYPES, contentTypeFor } from '../../../../src/domain/upload/content-types';
import { contentMatchesExtension } from '../../../../src/domain/upload/file-signatures';
import { allowedExtensions, checkTemplateDownload, checkUploadFile, splitFileName, UploadMessage } from '../../../../src/domain/upload/upload-rules';
import type { GatewayDeps } from '../../deps';
import { findLiveToken, hashToken } from '../auth/repository';
import type { Session } from '../../plugins/auth-guard';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, invalidInput, notFound, ok, sessionExpired } from '../../plugins/envelope';
import type { ReceivedFile } from './blob-store';
import { BlobStore } from './blob-store';
import { checkFileName, contentDisposition, uniqueNames } from './file-names';
import { convertToPdf } from './pdf-convert';
import { TEMPLATES, templateWorkbook } from './templates';
import type { NewStoredFile, StoredFile } from './repository';
import {
  bindFiles, blobInUse, deleteFile, ensureFileUrlSecret, findFile, findFileByKey, findFiles, findLock, insertFiles,
  putLock, removeLock,
} from './repository';
import type {
  FileInfo, KeyIdQuery, TemplateQuery, KeyIdsQuery, LockParams, LockQuery, ModuleParams, SaveBody, SignedQuery, TransQuery, UploadQuery,
} from './schemas';
import {
  copySchema, downloadSchema, templateSchema, downloadsSchema, lockSchema, moduleDeleteSchema, moduleUploadSchema, saveSchema, signedSchema, transSchema,
  uploadBatchSchema, uploadSchema, uriSchema,
} from './schemas';

/** What the server stores at all: the content-type table minus what a browser would run (HTML, SVG). */
export const SERVER_EXTENSIONS: readonly string[] = Object.keys(CONTENT_TYPES).filter((e) => e !== '' && !['html', 'htm', 'svg'].includes(e));

const BATCH_MAX_FILES = 20;
const SIGNED_URL_TTL_MS = 5 * 60_000;
const LOCK_TTL_MS = 30 * 60_000;

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
} as const;

const fileNotFound = () => notFound(FileMessage.notFound);

function infoOf(row: StoredFile): FileInfo {
  return { keyId: row.key_id, name: row.file_name, size: Number(row.size), contentType: row.content_type, extension: row.extension };
}

function keyIdsOf(value: string | string[]): string[] {
  const list = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  if (list.length === 0 || list.length > 50 || list.some((v) => !/^[0-9a-zA-Z_-]{1,64}$/.test(v))) throw invalidInput('参数校验失败：keyIds 格式不正确');
  return [...new Set(list)];
}

/** The multipart library's own errors, in the envelope's words. */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(ResultCode.invalidInput, UploadMessage.size(formatFileSize(maxBytes)), 413);
  if (code === 'FST_FILES_LIMIT') return new AppError(ResultCode.invalidInput, FileMessage.tooMany, 413);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(ResultCode.invalidInput, FileMessage.malformed, 413);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return invalidInput(FileMessage.notMultipart);
  if (code === 'FST_PROTO_VIOLATION') return invalidInput(FileMessage.malformed);
  // The client went away mid-upload: nobody reads the answer, but it is no server fault to log as one.
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return invalidInput(FileMessage.interrupted);
  if (error instanceof Error && /multipart|boundary|unexpected end|malformed|part/i.test(error.message)) return invalidInput(FileMessage.malformed);
  return error;
}

export const fileRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const store = new BlobStore(deps.filesDir);
  const urlSecret = await ensureFileUrlSecret(deps.db, randomBytes(32).toString('hex'));
  const sign = (keyId: string, expires: number) => createHmac('sha256', urlSecret).update(`${keyId}:${expires}`).digest('hex');

  await app.register(multipart, {
    // busboy would keep only the last path segment of '../x.txt'; we want to see, and refuse, the whole name.
    preservePath: true,
    throwFileSizeLimit: true,
    limits: { fileSize: deps.maxUploadBytes, files: BATCH_MAX_FILES, fields: 10, fieldSize: 1000, parts: BATCH_MAX_FILES + 10, headerPairs: 100 },
  });

  // ---- receiving -------------------------------------------------------------------------------------

  interface Accepted {
    received: ReceivedFile;
    name: string;
    extension: string;
  }

  /** One part to a checked temporary file; nothing stays on disk when it is refused. */
  async function acceptPart(part: MultipartFile, allowed: readonly string[]): Promise<Accepted> {
    const nameProblem = checkFileName(part.filename);
    if (nameProblem) {
      part.file.resume();
      throw invalidInput(nameProblem);
    }
    const name = part.filename.trim();
    const { extension } = splitFileName(name);
    // The extension is checked before the bytes are stored, so a refused type costs no disk.
    const early = checkUploadFile({ name, size: 1 }, { accept: allowed });
    if (early) {
      part.file.resume();
      throw invalidInput(early);
    }
    const received = await store.receive(part.file);
    const problem =
      checkUploadFile({ name, size: received.size }, { accept: allowed, maxSize: deps.maxUploadBytes }) ??
      (contentMatchesExtension(extension, received.head) ? null : FileMessage.mismatch);
    if (problem) {
      await store.discard(received.tmpPath);
      throw invalidInput(problem);
    }
    return { received, name, extension };
  }

  /** Reads every part of the request (at most `max` files); all or nothing. */
  async function receiveAll(request: FastifyRequest, allowed: readonly string[], max: number): Promise<Accepted[]> {
    if (!request.isMultipart()) throw invalidInput(FileMessage.notMultipart);
    const accepted: Accepted[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' && part.fieldname !== 'files') {
          part.file.resume();
          continue;
        }
        if (accepted.length >= max) {
          part.file.resume();
          throw invalidInput(max === 1 ? FileMessage.oneFile : FileMessage.tooMany);
        }
        accepted.push(await acceptPart(part, allowed));
      }
      if (accepted.length === 0) throw invalidInput(FileMessage.noFile);
      return accepted;
    } catch (error) {
      await Promise.all(accepted.map((a) => store.discard(a.received.tmpPath)));
      throw uploadError(error, deps.maxUploadBytes);
    }
  }

  /** Blobs into place and rows in, one transaction; on failure the blobs this call created are removed. */
  async function commitAll(accepted: readonly Accepted[], session: Session, target: { subSys: string | null; module: string | null }): Promise<FileInfo[]> {
    const rows: NewStoredFile[] = accepted.map((a) => ({
      keyId: randomBytes(16).toString('hex'),
      tenantId: session.tenantId,
      fileName: a.name,
      extension: a.extension,
      contentType: contentTypeFor(a.extension),
      size: a.received.size,
      sha256: a.received.sha256,
      subSys: target.subSys,
      module: target.module,
      createdBy: session.userId,
    }));
    const created: string[] = [];
    try {
      for (const a of accepted) {
        if (await store.withLock(a.received.sha256, () => store.commit(a.received))) created.push(a.received.sha256);
      }
      await deps.db.transaction().execute((trx) => insertFiles(trx, rows));
    } catch (error) {
      await Promise.all(accepted.map((a) => store.discard(a.received.tmpPath)));
      for (const sha of created) await releaseBlob(sha);
      throw error;
    }
    return rows.map((r) => ({ keyId: r.keyId, name: r.fileName, size: r.size, contentType: r.contentType, extension: r.extension }));
  }

  async function releaseBlob(sha256: string): Promise<void> {
    await store.withLock(sha256, async () => {
      if (!(await blobInUse(deps.db, sha256))) await store.remove(sha256);
    });
  }

  function allowedFor(query: UploadQuery): string[] {
    const asked = allowedExtensions(query.accept);
    return asked.length === 0 ? [...SERVER_EXTENSIONS] : asked.filter((e) => SERVER_EXTENSIONS.includes(e));
  }

  async function upload(request: FastifyRequest<{ Querystring: UploadQuery }>, max: number, target: { subSys: string | null; module: string | null }) {
    const session = sessionOf(request);
    const accepted = await receiveAll(request, allowedFor(request.query), max);
    return commitAll(accepted, session, target);
  }

  app.post<{ Querystring: UploadQuery }>('/api/file/file', { config: { access: 'session' }, schema: uploadSchema }, async (request) =>
    ok((await upload(request, 1, { subSys: null, module: null }))[0]!),
  );

  app.post<{ Querystring: UploadQuery }>('/api/file/file/batch', { config: { access: 'session' }, schema: uploadBatchSchema }, async (request) =>
    ok(await upload(request, BATCH_MAX_FILES, { subSys: null, module: null })),
  );

  app.post<{ Params: ModuleParams; Querystring: UploadQuery }>(
    '/api/:subSys/:module/upload',
    { config: { access: 'session' }, schema: moduleUploadSchema },
    async (request) => ok((await upload(request, 1, { subSys: request.params.subSys, module: request.params.module }))[0]!),
  );

  app.delete<{ Params: ModuleParams; Querystring: KeyIdQuery }>(
    '/api/:subSys/:module/delete',
    { config: { access: 'session' }, schema: moduleDeleteSchema },
    async (request) => {
      const { tenantId } = sessionOf(request);
      const { subSys, module } = request.params;
      const removed = await deleteFile(deps.db, { tenantId, keyId: request.query.keyId, subSys, module });
      if (!removed) throw fileNotFound();
      await releaseBlob(removed.sha256);
      return ok(null);
    },
  );

  // ---- sending ---------------------------------------------------------------------------------------

  async function sendBlob(reply: FastifyReply, row: StoredFile, kind: 'attachment' | 'inline') {
    const path = store.pathOf(row.sha256);
    const size = (await stat(path).catch(() => null))?.size;
    if (size === undefined) throw fileNotFound();
    reply
      .header('content-type', row.content_type === '*/*' ? 'application/octet-stream' : row.content_type)
      .header('content-length', size)
      .header('content-disposition', contentDisposition(kind, row.file_name))
      .header('cache-control', 'private, no-store');
    return reply.send(createReadStream(path));
  }

  app.get<{ Querystring: KeyIdQuery }>('/api/file/file/download', { config: { access: 'session' }, schema: downloadSchema }, async (request, reply) => {
    const row = await findFile(deps.db, sessionOf(request).tenantId, request.query.keyId);
    if (!row) throw fileNotFound();
    return sendBlob(reply, row, 'attachment');
  });

  async function ownFiles(request: FastifyRequest, raw: string | string[]): Promise<StoredFile[]> {
    const keyIds = keyIdsOf(raw);
    const rows = await findFiles(deps.db, sessionOf(request).tenantId, keyIds);
    if (rows.length !== keyIds.length) throw fileNotFound();
    return rows;
  }

  app.get<{ Querystring: KeyIdsQuery }>('/api/file/file/downloads', { config: { access: 'session' }, schema: downloadsSchema }, async (request, reply) => {
    const rows = await ownFiles(request, request.query.keyIds);
    // Every blob is there before the first byte goes out: a missing one cannot be reported mid-stream.
    for (const row of rows) if (!(await stat(store.pathOf(row.sha256)).catch(() => null))) throw fileNotFound();
    const zip = new yazl.ZipFile();
    const names = uniqueNames(rows.map((r) => r.file_name));
    rows.forEach((row, i) => zip.addReadStream(createReadStream(store.pathOf(row.sha256)), names[i]!, { mtime: row.created_at }));
    zip.end();
    const base = (request.query.fileName ?? '').trim();
    const zipName = checkFileName(base) === null && base !== '' ? (base.toLowerCase().endsWith('.zip') ? base : `${base}.zip`) : '文件打包下载.zip';
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', contentDisposition('attachment', zipName))
      .header('cache-control', 'private, no-store');
    return reply.send(zip.outputStream);
  });

  app.post<{ Querystring: TransQuery }>('/api/file/filegen/trans/file', { config: { access: 'session' }, schema: transSchema }, async (request, reply) => {
    const rows = await ownFiles(request, request.query.keyIds);
    const pdf = await convertToPdf(
      rows.map((r) => ({ path: store.pathOf(r.sha256), extension: r.extension })),
      { sofficePath: deps.sofficePath, cjkFont: deps.cjkFont },
    );
    const first = splitFileName(rows[0]!.file_name).base;
    const name = rows.length === 1 ? `${first}.pdf` : `${first}等${rows.length}个文件.pdf`;
    const stream = createReadStream(pdf.path);
    stream.once('close', () => void pdf.cleanup());
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', (await stat(pdf.path)).size)
      .header('content-disposition', contentDisposition('attachment', name))
      .header('cache-control', 'private, no-store');
    return reply.send(stream);
  });

  app.get<{ Params: { keyId: string } }>('/api/file/file/uri/:keyId', { config: { access: 'session' }, schema: uriSchema }, async (request) => {
    const row = await findFile(deps.db, sessionOf(request).tenantId, request.params.keyId);
    if (!row) throw fileNotFound();
    const expiresAt = deps.now().getTime() + SIGNED_URL_TTL_MS;
    const url = `/api/file/file/signed/${row.key_id}?expires=${expiresAt}&signature=${sign(row.key_id, expiresAt)}`;
    return ok({ url, expiresAt, name: row.file_name, contentType: row.content_type });
  });

  // Public: the signature, handed out only to the file's tenant and valid for minutes, is the access check.
  // Served inline so <img> and <iframe> can show it, in a sandbox so a document cannot run script here.
  app.get<{ Params: { keyId: string }; Querystring: SignedQuery }>(
    '/api/file/file/signed/:keyId',
    { config: { access: 'public' }, schema: signedSchema },
    async (request, reply) => {
      const { keyId } = request.params;
      const expires = Number(request.query.expires);
      const expected = Buffer.from(sign(keyId, expires), 'hex');
      const given = Buffer.from(request.query.signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected) || deps.now().getTime() > expires) {
        throw new AppError(ResultCode.forbidden, FileMessage.linkExpired);
      }
      const row = await findFileByKey(deps.db, keyId);
      if (!row) throw fileNotFound();
      reply
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN');
      return sendBlob(reply, row, 'inline');
    },
  );

  app.get<{ Querystring: KeyIdQuery }>('/api/file/file/copy', { config: { access: 'session' }, schema: copySchema }, async (request) => {
    const session = sessionOf(request);
    const row = await findFile(deps.db, session.tenantId, request.query.keyId);
    if (!row) throw fileNotFound();
    const copy: NewStoredFile = {
      keyId: randomBytes(16).toString('hex'),
      tenantId: session.tenantId,
      fileName: row.file_name,
      extension: row.extension,
      contentType: row.content_type,
      size: Number(row.size),
      sha256: row.sha256,
      subSys: row.sub_sys,
      module: row.module,
      createdBy: session.userId,
    };
    await store.withLock(row.sha256, () => insertFiles(deps.db, [copy]));
    return ok({ keyId: copy.keyId, name: copy.fileName, size: copy.size, contentType: copy.contentType, extension: copy.extension });
  });

  app.post<{ Body: SaveBody }>('/api/file/file/save', { config: { access: 'session' }, schema: saveSchema }, async (request) => {
    const { tenantId } = sessionOf(request);
    const keyIds = [...new Set(request.body.keyIds)];
    const rows = await deps.db.transaction().execute(async (trx) => {
      const bound = await bindFiles(trx, tenantId, keyIds, { type: request.body.businessType, id: request.body.businessId });
      if (bound.length !== keyIds.length) throw fileNotFound();
      return bound;
    });
    const byId = new Map(rows.map((r) => [r.key_id, r]));
    return ok(keyIds.map((id) => infoOf(byId.get(id)!)));
  });

  app.post<{ Querystring: TemplateQuery }>('/api/file/filegen/download/code', { config: { access: 'session' }, schema: templateSchema }, async (request, reply) => {
    const refusal = checkTemplateDownload(request.query.code);
    if (refusal) throw invalidInput(refusal);
    const template = Object.hasOwn(TEMPLATES, request.query.code!) ? TEMPLATES[request.query.code!] : undefined;
    if (!template) throw notFound('模板不存在');
    reply
      .header('content-type', contentTypeFor('xlsx'))
      .header('content-disposition', contentDisposition('attachment', template.fileName))
      .header('cache-control', 'private, no-store');
    return reply.send(await templateWorkbook(template));
  });

  // ---- the document-editing lock (WOPI) ---------------------------------------------------------------

  /** The access token travels in the query (an editor's callback cannot set headers); checked like the guard does. */
  async function sessionFromAccessToken(raw: string): Promise<Session> {
    const tokenHash = hashToken(raw);
    const token = await findLiveToken(deps.db, tokenHash);
    const now = deps.now().getTime();
    if (!token || now - token.last_seen_at.getTime() > deps.tokenIdleMs || now >= token.expires_at.getTime()) throw sessionExpired();
    return { userId: token.user_id, tenantId: token.tenant_id, tokenHash };
  }

  app.post<{ Params: LockParams; Querystring: LockQuery }>(
    '/api/file/wopi/files/:fileId',
    { config: { access: 'public' }, schema: lockSchema },
    async (request, reply) => {
      const session = await sessionFromAccessToken(request.query.access_token);
      const keyId = request.params.fileId;
      const operation = String(request.headers['x-wopi-override']);
      const wanted = typeof request.headers['x-wopi-lock'] === 'string' ? request.headers['x-wopi-lock'] : '';
      if (!(await findFile(deps.db, session.tenantId, keyId))) throw fileNotFound();
      const now = deps.now();
      const held = await findLock(deps.db, session.tenantId, keyId);
      const current = held && held.expires_at.getTime() > now.getTime() ? held : undefined;
      const conflict = (message: string) => {
        reply.header('x-wopi-lock', current?.lock_value ?? '');
        return new AppError(ResultCode.staleVersion, message, 409);
      };
      const answer = (lock: string, expiresAt: Date | null) => {
        reply.header('x-wopi-lock', lock);
        return ok({ lock, expiresAt: expiresAt?.getTime() ?? null });
      };
      if (operation === 'GET_LOCK') return answer(current?.lock_value ?? '', current?.expires_at ?? null);
      if (!wanted) throw invalidInput(FileMessage.lockMissing);
      const expiresAt = new Date(now.getTime() + LOCK_TTL_MS);
      switch (operation) {
        case 'LOCK':
          if (current && current.lock_value !== wanted) throw conflict(FileMessage.lockConflict(current.nick_name ?? '其他用户'));
          await putLock(deps.db, { keyId, tenantId: session.tenantId, lockValue: wanted, userId: session.userId, expiresAt });
          return answer(wanted, expiresAt);
        case 'REFRESH_LOCK':
          if (!current || current.lock_value !== wanted) throw conflict(current ? FileMessage.lockConflict(current.nick_name ?? '其他用户') : FileMessage.lockMismatch);
          await putLock(deps.db, { keyId, tenantId: session.tenantId, lockValue: wanted, userId: current.user_id, expiresAt });
          return answer(wanted, expiresAt);
        default: // UNLOCK
          if (!current || current.lock_value !== wanted) throw conflict(current ? FileMessage.lockConflict(current.nick_name ?? '其他用户') : FileMessage.lockMismatch);
          await removeLock(deps.db, session.tenantId, keyId);
          return answer('', null);
      }
    },
  );
};
