// The built client (STATIC_DIR) on the same port as the API. A file is served as it is — hashed /assets/*
// cached for a year, everything else revalidated — and any other GET outside /api gets index.html, so the
// client's history-mode routes (/business/examine…) survive a reload (/login gets login.html, the login page's
// own). A miss under /api or /assets is a 404 envelope: answering HTML to a script or an API call would only
// hide the mistake.
// The build writes brotli and gzip copies beside each text file (scripts/precompress.mjs): a browser that accepts
// one gets it as it is, with its Content-Encoding, index.html for a client route included; every such answer
// says `Vary: Accept-Encoding`, and a client that accepts neither, or a file without copies, gets the file.
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { invalidInput, notFound } from './envelope';

async function fileWithin(root: string, pathname: string): Promise<string | undefined> {
  const full = resolve(root, `.${pathname}`);
  if (!full.startsWith(root + sep)) return undefined;
  const found = await stat(full).catch(() => undefined);
  return found?.isFile() ? full.slice(root.length + 1) : undefined;
}

const LOGIN_PATH = '/login';
const LOGIN_PAGE = 'login.html';

export const staticClientPlugin: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?', 1)[0]!);
    } catch {
      throw invalidInput('请求路径不合法');
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) throw notFound();

    const file = await fileWithin(root, pathname);
    if (file) {
      const immutable = pathname.startsWith('/assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply.sendFile(file, { cacheControl: false });
    }
    if (pathname.startsWith('/assets/')) throw notFound('资源不存在');
    reply.header('cache-control', 'no-cache');
    // The login page has a document of its own when the build made one (its form drawn before any script).
    const page = pathname === LOGIN_PATH && (await fileWithin(root, `/${LOGIN_PAGE}`)) ? LOGIN_PAGE : 'index.html';
    return reply.sendFile(page, { cacheControl: false });
  }

  // The hashed files are never documents: they carry only the headers a subresource needs (security-headers.ts).
  app.get('/assets/*', { config: { access: 'public', securityHeaders: 'subresource' }, schema: { hide: true } }, serve);
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, serve);
};
