// Stored files → one PDF (SPEC §7.2 filegen/trans/file). Images (PNG, JPEG) and plain text are laid out
// with pdfkit, text in a CJK font so Chinese renders; a PDF passes through; office documents go through
// LibreOffice (`soffice --headless --convert-to pdf`). When a tool or the font is missing the answer is a
// clear Chinese error, never a file that only looks like the PDF asked for.
//
// A conversion must not stall the gateway (a 972 KB PNG of 16000×16000 once froze it 20 s and took 3.4 GB):
// the files of one call are bounded in number (file-context.ts) and bytes, an image's header is read and
// refused over MAX_IMAGE_PIXELS before anything is decoded, and pdfkit runs in a child process with a bounded
// heap and a time limit, so other requests keep being answered meanwhile.
import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { TEXT_EXTENSIONS } from '../../../../src/domain/upload/file-signatures';
import { AppError, invalidInput } from '../../plugins/envelope';
import { besideModule, loaderArgs } from '../../source-files';
import { readImageSize } from './image-header';
import type { RenderFailureReason, RenderJob } from './pdf-render';
import { IMAGE_EXTENSIONS } from './pdf-render';

export { decodeText } from './pdf-render';

export const DEFAULT_CJK_FONT = {
  path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  family: 'NotoSansCJKsc-Regular',
};

/** Pixels an image to convert may have: 40 million (e.g. 8000×5000), a few hundred MB once decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** All files of one conversion together. */
export const CONVERT_MAX_BYTES = 50 * 1024 * 1024;
/** A JPEG's frame header follows its EXIF and other segments, which sit in the first 256 KB in practice. */
const IMAGE_HEADER_BYTES = 256 * 1024;
const RENDER_HEAP_MB = 1024;
const RENDER_TIMEOUT_MS = 60_000;

export const PdfMessage = {
  noOffice: '服务器未安装 LibreOffice，无法将办公文档转换为PDF',
  officeFailed: '办公文档转换PDF失败，请检查文件是否完好',
  noFont: '服务器缺少中文字体，无法将文本转换为PDF',
  unsupported: (ext: string) => `暂不支持将 .${ext} 文件转换为PDF`,
  mixed: '多个文件只能是图片或文本，才能合并为一个PDF',
  textTooLarge: '文本文件过大，无法转换为PDF',
  badImage: '图片无法读取，转换PDF失败',
  imageTooLarge: (width: number, height: number) =>
    `图片尺寸过大（${width}×${height}像素），转换PDF的图片不能超过${MAX_IMAGE_PIXELS / 1_000_000}百万像素`,
  tooLarge: `待转换的文件合计不能超过${CONVERT_MAX_BYTES / 1024 / 1024}MB`,
  renderTimeout: '转换PDF超时，请减少文件后再试',
  renderFailed: '转换PDF失败，请检查文件是否完好',
} as const;

const OFFICE_EXTENSIONS = new Set([
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'wps',
  'et',
  'dps',
]);
const PDF_TEXT_EXTENSIONS = new Set([...TEXT_EXTENSIONS].filter((e) => !['html', 'htm', 'svg'].includes(e)));
const TEXT_MAX_BYTES = 5 * 1024 * 1024;
const SOFFICE_TIMEOUT_MS = 120_000;

export interface PdfSource {
  /** The blob on disk. */
  path: string;
  extension: string;
}

export interface PdfTools {
  sofficePath: string;
  cjkFont: { path: string; family: string };
  /** Where the work folder goes: the files folder's temporary area, swept at start. */
  workRoot?: string;
}

/** A PDF file on disk, and how to remove it after it was sent. */
export interface PdfResult {
  path: string;
  cleanup(): Promise<void>;
}

const unavailable = (message: string) => new AppError(ResultCode.internal, message, 503);

export async function convertToPdf(sources: readonly PdfSource[], tools: PdfTools): Promise<PdfResult> {
  let total = 0;
  for (const s of sources) total += (await stat(s.path)).size;
  if (total > CONVERT_MAX_BYTES) throw invalidInput(PdfMessage.tooLarge);
  const work = await mkdtemp(join(tools.workRoot ?? tmpdir(), 'gw-pdf-'));
  const cleanup = () => rm(work, { recursive: true, force: true });
  try {
    const only = sources.length === 1 ? sources[0] : undefined;
    if (only?.extension === 'pdf') return { path: only.path, cleanup };
    if (only && OFFICE_EXTENSIONS.has(only.extension))
      return { path: await viaLibreOffice(only, work, tools.sofficePath), cleanup };
    for (const s of sources) {
      if (!IMAGE_EXTENSIONS.has(s.extension) && !PDF_TEXT_EXTENSIONS.has(s.extension)) {
        const mixable = s.extension === 'pdf' || OFFICE_EXTENSIONS.has(s.extension);
        throw invalidInput(
          sources.length > 1 && mixable ? PdfMessage.mixed : PdfMessage.unsupported(s.extension || '无扩展名'),
        );
      }
      if (IMAGE_EXTENSIONS.has(s.extension)) await checkImageHeader(s.path);
      else if ((await stat(s.path)).size > TEXT_MAX_BYTES) throw invalidInput(PdfMessage.textTooLarge);
    }
    return { path: await withPdfKit(sources, work, tools.cjkFont), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Refuses, from the header alone, an image that is unreadable or would decode past MAX_IMAGE_PIXELS. */
async function checkImageHeader(path: string): Promise<void> {
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(IMAGE_HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, IMAGE_HEADER_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const size = readImageSize(head);
  if (!size || size.width === 0 || size.height === 0) throw invalidInput(PdfMessage.badImage);
  if (size.width * size.height > MAX_IMAGE_PIXELS) {
    throw invalidInput(PdfMessage.imageTooLarge(size.width, size.height));
  }
}

async function withPdfKit(sources: readonly PdfSource[], work: string, font: PdfTools['cjkFont']): Promise<string> {
  const needsFont = sources.some((s) => PDF_TEXT_EXTENSIONS.has(s.extension));
  if (needsFont && !existsSync(font.path)) throw unavailable(PdfMessage.noFont);
  const job: RenderJob = {
    sources: sources.map((s) => ({ path: s.path, extension: s.extension })),
    out: join(work, 'out.pdf'),
    font: needsFont ? font : null,
  };
  const outcome = await renderInChild(job);
  if (outcome === 'ok') return job.out;
  if (outcome === 'badImage') throw invalidInput(PdfMessage.badImage);
  if (outcome === 'noFont') throw unavailable(PdfMessage.noFont);
  if (outcome === 'timeout') throw unavailable(PdfMessage.renderTimeout);
  throw unavailable(PdfMessage.renderFailed);
}

const CHILD_SCRIPT = fileURLToPath(besideModule(import.meta.url, './pdf-render.child'));

/** Renders in a child process with a bounded heap and a time limit; the gateway's event loop stays free. */
function renderInChild(job: RenderJob): Promise<'ok' | RenderFailureReason | 'timeout'> {
  return new Promise((resolve) => {
    const child = fork(CHILD_SCRIPT, [], {
      execArgv: [...loaderArgs(import.meta.url), `--max-old-space-size=${RENDER_HEAP_MB}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'json',
    });
    let settled = false;
    const settle = (outcome: 'ok' | RenderFailureReason | 'timeout') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(outcome);
    };
    const timer = setTimeout(() => settle('timeout'), RENDER_TIMEOUT_MS);
    child.once('message', (message: { ok: boolean; reason?: RenderFailureReason }) =>
      settle(message.ok ? 'ok' : (message.reason ?? 'failed')),
    );
    child.once('error', () => settle('failed'));
    // Killed for memory (its heap bound) or crashed: no message came.
    child.once('exit', () => settle('failed'));
    child.send(job);
  });
}

/** LibreOffice reads a copy under a name of our own (the user's name never reaches a command line). */
async function viaLibreOffice(source: PdfSource, work: string, soffice: string): Promise<string> {
  const input = join(work, `source.${source.extension}`);
  await copyFile(source.path, input);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      soffice,
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${join(work, 'profile')}`,
        '--convert-to',
        'pdf',
        '--outdir',
        work,
        input,
      ],
      {
        stdio: 'ignore',
        timeout: SOFFICE_TIMEOUT_MS,
      },
    );
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' || error.code === 'EACCES' ? unavailable(PdfMessage.noOffice) : error),
    );
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  const out = join(work, 'source.pdf');
  if (code !== 0 || !existsSync(out)) throw unavailable(PdfMessage.officeFailed);
  return out;
}
