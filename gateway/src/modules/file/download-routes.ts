// Reading and reusing stored files (SPEC §7.2): download with an RFC 6266 name, a zip of several, copy,
// binding to a business record, and the import templates by code. A download names files the caller may read
// (its own, and those bound to a record it may see); a copy, files it may touch (file-context.ts); any other
// answers 160300404.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { contentTypeFor } from '../../../../src/domain/upload/content-types';
import { checkTemplateDownload } from '../../../../src/domain/upload/upload-rules';
import { sessionOf } from '../../plugins/auth-guard';
import { invalidInput, notFound, ok } from '../../plugins/envelope';
import type { FileContext } from './file-context';
import {
  fileNotFound,
  infoOf,
  keyIdsOf,
  readableFile,
  readableFiles,
  sendBlob,
  touchableFile,
  withBlobLocks,
} from './file-context';
import { checkFileName, contentDisposition } from './file-names';
import { missingBlobs, zipOf } from './zip-files';
import type { NewStoredFile } from './repository';
import { insertFiles } from './repository';
import { bindOwnFiles } from './file-binding';
import { mayBindTo } from './file-records';
import { FILE_BINDING_MESSAGE } from '../../../../src/domain/upload/file-binding';
import type { KeyIdQuery, KeyIdsQuery, SaveBody, TemplateQuery } from './schemas';
import { copySchema, downloadSchema, downloadsSchema, saveSchema, templateSchema } from './schemas';
import { TEMPLATES, templateWorkbook } from './templates';

export const downloadRoutes: FastifyPluginAsync<FileContext> = async (app, ctx) => {
  const { deps } = ctx;

  app.get<{ Querystring: KeyIdQuery }>(
    '/api/file/file/download',
    { config: { access: 'session' }, schema: downloadSchema },
    async (request, reply) =>
      sendBlob(ctx, reply, await readableFile(ctx, sessionOf(request), request.query.keyId), 'attachment'),
  );

  app.get<{ Querystring: KeyIdsQuery }>(
    '/api/file/file/downloads',
    { config: { access: 'session' }, schema: downloadsSchema },
    async (request, reply) => {
      const rows = await readableFiles(ctx, sessionOf(request), keyIdsOf(request.query.keyIds));
      if ((await missingBlobs(deps.filesDir, rows)).length > 0) throw fileNotFound();
      const zip = zipOf(
        deps.filesDir,
        rows.map((r) => ({ sha256: r.sha256, name: r.file_name, mtime: r.created_at })),
      );
      const base = (request.query.fileName ?? '').trim();
      const zipName =
        checkFileName(base) === null && base !== ''
          ? base.toLowerCase().endsWith('.zip')
            ? base
            : `${base}.zip`
          : '文件打包下载.zip';
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', zipName))
        .header('cache-control', 'private, no-store');
      return reply.send(zip);
    },
  );

  app.get<{ Querystring: KeyIdQuery }>(
    '/api/file/file/copy',
    { config: { access: 'session' }, schema: copySchema },
    async (request) => {
      const session = sessionOf(request);
      const row = await touchableFile(ctx, session, request.query.keyId);
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
      await withBlobLocks(ctx, [row.sha256], (trx) => insertFiles(trx, [copy]));
      return ok({
        keyId: copy.keyId,
        name: copy.fileName,
        size: copy.size,
        contentType: copy.contentType,
        extension: copy.extension,
      });
    },
  );

  app.post<{ Body: SaveBody }>(
    '/api/file/file/save',
    { config: { access: 'session' }, schema: saveSchema },
    async (request) => {
      const session = sessionOf(request);
      const keyIds = keyIdsOf(request.body.keyIds);
      const target = { type: request.body.businessType, id: request.body.businessId };
      // The same refusal as for a file that may not be bound: it tells nobody which records exist.
      if (!(await mayBindTo(deps.db, session, target))) throw invalidInput(FILE_BINDING_MESSAGE);
      const rows = await deps.db.transaction().execute((trx) => bindOwnFiles(trx, session, keyIds, target));
      const byId = new Map(rows.map((r) => [r.key_id, r]));
      return ok(keyIds.map((id) => infoOf(byId.get(id)!)));
    },
  );

  app.post<{ Querystring: TemplateQuery }>(
    '/api/file/filegen/download/code',
    { config: { access: 'session' }, schema: templateSchema },
    async (request, reply) => {
      const refusal = checkTemplateDownload(request.query.code);
      if (refusal) throw invalidInput(refusal);
      const template = Object.hasOwn(TEMPLATES, request.query.code!) ? TEMPLATES[request.query.code!] : undefined;
      if (!template) throw notFound('模板不存在');
      reply
        .header('content-type', contentTypeFor('xlsx'))
        .header('content-disposition', contentDisposition('attachment', template.fileName))
        .header('cache-control', 'private, no-store');
      return reply.send(await templateWorkbook(template));
    },
  );
};
