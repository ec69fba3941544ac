// Uploading (SPEC §7.2, §5): one file, a batch, the module upload target, and the module's delete.
//
// An upload is refused — and leaves nothing behind — when the multipart is malformed, a name looks like a
// path, the extension is not allowed, the file is empty or too large (an envelope answer, the rest of the
// body is drained), or its first bytes do not match its extension (the domain's signatures). What a browser
// would run (HTML, SVG) and executables are never stored, whatever `accept` asks for.
import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contentTypeFor } from '../../../../src/domain/upload/content-types';
import { contentMatchesExtension } from '../../../../src/domain/upload/file-signatures';
import { checkUploadFile, serverAllowList, splitFileName } from '../../../../src/domain/upload/upload-rules';
import type { Session } from '../../plugins/auth-guard';
import { sessionOf } from '../../plugins/auth-guard';
import { invalidInput, ok } from '../../plugins/envelope';
import type { ReceivedFile } from './blob-store';
import type { FileContext } from './file-context';
import {
  BATCH_MAX_FILES,
  FileMessage,
  fileNotFound,
  releaseBlob,
  SERVER_EXTENSIONS,
  touchableFile,
  uploadError,
  withBlobLocks,
} from './file-context';
import { checkFileName } from './file-names';
import type { NewStoredFile } from './repository';
import { deleteFile, insertFiles } from './repository';
import type { FileInfo, KeyIdQuery, ModuleParams, UploadQuery } from './schemas';
import { moduleDeleteSchema, moduleUploadSchema, uploadBatchSchema, uploadSchema } from './schemas';

/** Receiving an upload of the largest size on a slow line takes longer than an ordinary handler may. */
const UPLOAD_HANDLER_TIMEOUT_MS = 10 * 60_000;

interface Accepted {
  received: ReceivedFile;
  name: string;
  extension: string;
}

export const uploadRoutes: FastifyPluginAsync<FileContext> = async (app, ctx) => {
  const { deps, store } = ctx;

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
  async function commitAll(
    accepted: readonly Accepted[],
    session: Session,
    target: { subSys: string | null; module: string | null },
  ): Promise<FileInfo[]> {
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
      await withBlobLocks(
        ctx,
        accepted.map((a) => a.received.sha256),
        async (trx) => {
          for (const a of accepted) if (await store.commit(a.received)) created.push(a.received.sha256);
          await insertFiles(trx, rows);
        },
      );
    } catch (error) {
      await Promise.all(accepted.map((a) => store.discard(a.received.tmpPath)));
      for (const sha of created) await releaseBlob(ctx, sha);
      throw error;
    }
    return rows.map((r) => ({
      keyId: r.keyId,
      name: r.fileName,
      size: r.size,
      contentType: r.contentType,
      extension: r.extension,
    }));
  }

  async function upload(
    request: FastifyRequest<{ Querystring: UploadQuery }>,
    max: number,
    target: { subSys: string | null; module: string | null },
  ) {
    const session = sessionOf(request);
    const allowed = serverAllowList(request.query.accept, SERVER_EXTENSIONS);
    // An `accept` naming only what the server never stores (html, svg, exe) allows nothing: refused, not "anything".
    if (typeof allowed === 'string') throw invalidInput(allowed);
    const accepted = await receiveAll(request, allowed, max);
    return commitAll(accepted, session, target);
  }

  const uploading = { access: 'session' as const };

  app.post<{ Querystring: UploadQuery }>(
    '/api/file/file',
    { config: uploading, schema: uploadSchema, handlerTimeout: UPLOAD_HANDLER_TIMEOUT_MS },
    async (request) => ok((await upload(request, 1, { subSys: null, module: null }))[0]!),
  );

  app.post<{ Querystring: UploadQuery }>(
    '/api/file/file/batch',
    { config: uploading, schema: uploadBatchSchema, handlerTimeout: UPLOAD_HANDLER_TIMEOUT_MS },
    async (request) => ok(await upload(request, BATCH_MAX_FILES, { subSys: null, module: null })),
  );

  app.post<{ Params: ModuleParams; Querystring: UploadQuery }>(
    '/api/:subSys/:module/upload',
    { config: uploading, schema: moduleUploadSchema, handlerTimeout: UPLOAD_HANDLER_TIMEOUT_MS },
    async (request) =>
      ok((await upload(request, 1, { subSys: request.params.subSys, module: request.params.module }))[0]!),
  );

  app.delete<{ Params: ModuleParams; Querystring: KeyIdQuery }>(
    '/api/:subSys/:module/delete',
    { config: { access: 'session' }, schema: moduleDeleteSchema },
    async (request) => {
      const session = sessionOf(request);
      const { subSys, module } = request.params;
      await touchableFile(ctx, session, request.query.keyId);
      const removed = await deleteFile(deps.db, {
        tenantId: session.tenantId,
        keyId: request.query.keyId,
        subSys,
        module,
      });
      if (!removed) throw fileNotFound();
      await releaseBlob(ctx, removed.sha256);
      return ok(null);
    },
  );
};
