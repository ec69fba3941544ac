// Files (SPEC §7.2): one small plugin an activity — uploading, downloading and reuse, signed URLs,
// conversion to PDF, the WOPI lock — registered here as one `fileRoutes`, sharing the blob store, the URL
// signer and the rule of who may touch a file (file-context.ts). Every read names the caller's tenant, so
// another tenant's keyId is not found (160300404), and another user's file is not found either unless the
// domain's file-access rule lets the caller touch it.
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { systemClock } from '../../clock';
import type { GatewayDeps } from '../../deps';
import { BlobStore } from './blob-store';
import { conversionRoutes } from './conversion-routes';
import { downloadRoutes } from './download-routes';
import { BATCH_MAX_FILES, fileContext, sweepTemporaryFiles } from './file-context';
import { ensureFileUrlSecret } from './repository';
import { storeSeededContents } from './seeded-contents';
import { signedUrlRoutes } from './signed-url-routes';
import { uploadRoutes } from './upload-routes';
import { wopiLockRoutes } from './wopi-lock-routes';

export { FileMessage, SERVER_EXTENSIONS } from './file-context';

export const fileRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  const store = new BlobStore(deps.filesDir);
  // What a crash left half-written in the temporary area is never going to be committed.
  // File times are the real clock's, whatever clock the gateway is given.
  const swept = await sweepTemporaryFiles(deps.filesDir, systemClock());
  if (swept > 0) app.log.info({ swept }, 'removed stale temporary files');
  const seeded = await storeSeededContents(deps.db, store, deps.cjkFont);
  if (seeded > 0) app.log.info({ seeded }, 'stored the demo documents');
  const ctx = fileContext(deps, store, await ensureFileUrlSecret(deps.db, randomBytes(32).toString('hex')));

  await app.register(multipart, {
    // busboy would keep only the last path segment of '../x.txt'; we want to see, and refuse, the whole name.
    preservePath: true,
    throwFileSizeLimit: true,
    limits: {
      fileSize: deps.maxUploadBytes,
      files: BATCH_MAX_FILES,
      fields: 10,
      fieldSize: 1000,
      parts: BATCH_MAX_FILES + 10,
      headerPairs: 100,
    },
  });

  for (const routes of [uploadRoutes, downloadRoutes, signedUrlRoutes, conversionRoutes, wopiLockRoutes]) {
    await app.register(routes, ctx);
  }
};

export default fileRoutes;
