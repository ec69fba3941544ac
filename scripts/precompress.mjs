// Brotli and gzip copies of the built client's text files, made once when the client is built (vite.config.ts),
// so that the gateway sends a phone the compressed bytes as they are (@fastify/static's preCompressed,
// gateway/src/plugins/static-client.ts) instead of the whole scripts, and spends no CPU on them per request.
// Images and fonts are compressed formats already and are left alone.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The compressed copies of one file's bytes, each at the strongest setting: it is done once, not per request. */
export async function compressedCopies(bytes) {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz };
}

async function textFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  // Dot files (the benchmark's chunk report) are no part of what is served.
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && TEXT_FILE.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `name.br` and `name.gz` beside every text file under `dir`, each only when it is smaller than the file
 * (a tiny file can grow). Answers the files it compressed.
 */
export async function precompressDir(dir) {
  const files = await textFiles(dir);
  const done = [];
  for (const file of files) {
    const bytes = await readFile(file);
    const { br, gz } = await compressedCopies(bytes);
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    if (br.length < bytes.length || gz.length < bytes.length) done.push(file);
  }
  return done;
}
