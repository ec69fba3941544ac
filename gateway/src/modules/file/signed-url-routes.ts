// A short-lived signed URL for inline preview (SPEC §7.2 file/uri): handed out only to one who may read the
// file, valid for minutes; the signed route itself is public, its signature being the access check.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { sessionOf } from '../../plugins/auth-guard';
import { AppError, ok } from '../../plugins/envelope';
import type { FileContext } from './file-context';
import { FileMessage, fileNotFound, readableFile, sendBlob } from './file-context';
import { findFileByKey } from './repository';
import type { SignedQuery } from './schemas';
import { signedSchema, uriSchema } from './schemas';

const SIGNED_URL_TTL_MS = 5 * 60_000;

export const signedUrlRoutes: FastifyPluginAsync<FileContext> = async (app, ctx) => {
  const { deps, sign } = ctx;

  app.get<{ Params: { keyId: string } }>(
    '/api/file/file/uri/:keyId',
    { config: { access: 'session' }, schema: uriSchema },
    async (request) => {
      const row = await readableFile(ctx, sessionOf(request), request.params.keyId);
      const expiresAt = deps.now().getTime() + SIGNED_URL_TTL_MS;
      const url = `/api/file/file/signed/${row.key_id}?expires=${expiresAt}&signature=${sign(row.key_id, expiresAt)}`;
      return ok({ url, expiresAt, name: row.file_name, contentType: row.content_type });
    },
  );

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
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
        )
        .header('x-frame-options', 'SAMEORIGIN');
      return sendBlob(ctx, reply, row, 'inline');
    },
  );
};
