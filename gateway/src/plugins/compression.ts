// API answers compressed where it pays: a JSON or text answer of at least COMPRESS_MIN_BYTES (a long list, the
// menu tree, the API description) goes as brotli or gzip to a browser that accepts one. A smaller answer fits in a
// packet or two either way and is sent as it is, at no more cost than a look at its length; files, exports
// (xlsx, zip, pdf) and images are streams or compressed formats already and are never touched. The built
// client's files are compressed once at build time instead (plugins/static-client.ts).
// Brotli at quality 4 and gzip at level 6 are the usual settings for answers made per request: most of the
// saving of the strongest settings at a small part of their CPU. An answer of up to INLINE_MAX_BYTES is
// compressed at once on the request's own thread (a tenth of a millisecond or so for a page of JSON); handing it
// to libuv's threads cost some 0.3 ms of CPU more per answer than the compression itself. Larger ones go to those
// threads, so that compressing them does not hold up the small ones. An answer a route keeps and sends again as
// the same bytes (the menu tree of a set of grants) is compressed once, for as long as the route keeps it.
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export const COMPRESS_MIN_BYTES = 4096;
const INLINE_MAX_BYTES = 64 * 1024;

const COMPRESSIBLE_TYPE = /^(?:application\/json|text\/)/;

type Encoding = 'br' | 'gzip';

/** The encoding an Accept-Encoding header asks for: the higher weighted of brotli and gzip, brotli on a tie. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (!(br > 0) && !(gz > 0)) return null;
  return br >= gz || !(gz > 0) ? 'br' : 'gzip';
}

function varyOnAcceptEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const tokens = String(vary)
    .split(',')
    .map((t) => t.trim().toLowerCase());
  if (!tokens.includes('accept-encoding') && !tokens.includes('*')) reply.header('vary', `${vary}, accept-encoding`);
}

export const compressionPlugin: FastifyPluginAsync = fp(
  async (app) => {
    const kept = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();
    // A callback hook: the common case, a small answer, costs no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
        reply.hasHeader('content-encoding') ||
        !COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))
      ) {
        done(null, payload);
        return;
      }
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (size < COMPRESS_MIN_BYTES) {
        done(null, payload);
        return;
      }
      // Whether this answer is compressed depends on the header from here on, whatever this client accepts.
      varyOnAcceptEncoding(reply);
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (!encoding) {
        done(null, payload);
        return;
      }
      const copies = Buffer.isBuffer(payload) ? kept.get(payload) : undefined;
      const send = (compressed: Buffer) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      };
      const known = copies?.[encoding];
      if (known) {
        send(known);
        return;
      }
      const keep = (compressed: Buffer) => {
        if (Buffer.isBuffer(payload)) kept.set(payload, { ...kept.get(payload), [encoding]: compressed });
        send(compressed);
      };
      const brotli = {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      };
      if (size <= INLINE_MAX_BYTES) {
        keep(encoding === 'br' ? brotliCompressSync(payload, brotli) : gzipSync(payload, { level: 6 }));
        return;
      }
      const sent = (error: Error | null, compressed: Buffer) => {
        if (error) done(null, payload);
        else keep(compressed);
      };
      if (encoding === 'br') brotliCompress(payload, brotli, sent);
      else gzip(payload, { level: 6 }, sent);
    });
  },
  { name: 'compression' },
);
