// Converting stored files to one PDF (SPEC §7.2 filegen/trans/file): only files the caller may read, at
// most KEY_IDS_MAX of them; the bounds on size and pixels and the child process are pdf-convert.ts's.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { splitFileName } from '../../../../src/domain/upload/upload-rules';
import { sessionOf } from '../../plugins/auth-guard';
import type { FileContext } from './file-context';
import { keyIdsOf, readableFiles } from './file-context';
import { contentDisposition } from './file-names';
import { convertToPdf } from './pdf-convert';
import type { TransQuery } from './schemas';
import { transSchema } from './schemas';

/** LibreOffice may take its two minutes on a large document. */
const CONVERSION_HANDLER_TIMEOUT_MS = 3 * 60_000;

export const conversionRoutes: FastifyPluginAsync<FileContext> = async (app, ctx) => {
  const { deps, store } = ctx;

  app.post<{ Querystring: TransQuery }>(
    '/api/file/filegen/trans/file',
    { config: { access: 'session' }, schema: transSchema, handlerTimeout: CONVERSION_HANDLER_TIMEOUT_MS },
    async (request, reply) => {
      const rows = await readableFiles(ctx, sessionOf(request), keyIdsOf(request.query.keyIds));
      await store.tempPath(); // makes sure the temporary area exists
      const pdf = await convertToPdf(
        rows.map((r) => ({ path: store.pathOf(r.sha256), extension: r.extension })),
        { sofficePath: deps.sofficePath, cjkFont: deps.cjkFont, workRoot: join(store.dir, 'tmp') },
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
    },
  );
};
