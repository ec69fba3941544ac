// Stored files → one PDF (SPEC §7.2 filegen/trans/file). Images (PNG, JPEG) and plain text are laid out
// with pdfkit, text in a CJK font so Chinese renders; a PDF passes through; office documents go through
// LibreOffice (`soffice --headless --convert-to pdf`). When a tool or the font is missing the answer is a
// clear Chinese error, never a file that only looks like the PDF asked for.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import { TEXT_EXTENSIONS } from '../../../../src/domain/upload/file-signatures';
import { AppError, invalidInput } from '../../plugins/envelope';

export const DEFAULT_CJK_FONT = { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' };

export const PdfMessage = {
  noOffice: '服务器未安装 LibreOffice，无法将办公文档转换为PDF',
  officeFailed: '办公文档转换PDF失败，请检查文件是否完好',
  noFont: '服务器缺少中文字体，无法将文本转换为PDF',
  unsupported: (ext: string) => `暂不支持将 .${ext} 文件转换为PDF`,
  mixed: '多个文件只能是图片或文本，才能合并为一个PDF',
  textTooLarge: '文本文件过大，无法转换为PDF',
  badImage: '图片无法读取，转换PDF失败',
} as const;

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg']);
const OFFICE_EXTENSIONS = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'wps', 'et', 'dps']);
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
}

/** A PDF file on disk, and how to remove it after it was sent. */
export interface PdfResult {
  path: string;
  cleanup(): Promise<void>;
}

const unavailable = (message: string) => new AppError(ResultCode.internal, message, 503);

export async function convertToPdf(sources: readonly PdfSource[], tools: PdfTools): Promise<PdfResult> {
  const work = await mkdtemp(join(tmpdir(), 'gw-pdf-'));
  const cleanup = () => rm(work, { recursive: true, force: true });
  try {
    const only = sources.length === 1 ? sources[0] : undefined;
    if (only?.extension === 'pdf') return { path: only.path, cleanup };
    if (only && OFFICE_EXTENSIONS.has(only.extension)) return { path: await viaLibreOffice(only, work, tools.sofficePath), cleanup };
    for (const s of sources) {
      if (!IMAGE_EXTENSIONS.has(s.extension) && !PDF_TEXT_EXTENSIONS.has(s.extension)) {
        const mixable = s.extension === 'pdf' || OFFICE_EXTENSIONS.has(s.extension);
        throw invalidInput(sources.length > 1 && mixable ? PdfMessage.mixed : PdfMessage.unsupported(s.extension || '无扩展名'));
      }
    }
    return { path: await withPdfKit(sources, work, tools.cjkFont), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function withPdfKit(sources: readonly PdfSource[], work: string, font: PdfTools['cjkFont']): Promise<string> {
  const needsFont = sources.some((s) => PDF_TEXT_EXTENSIONS.has(s.extension));
  if (needsFont && !existsSync(font.path)) throw unavailable(PdfMessage.noFont);
  const out = join(work, 'out.pdf');
  const doc = new PDFDocument({ autoFirstPage: false, size: 'A4', margin: 40, info: { Title: '文件转换', Creator: 'wsf-gateway' } });
  const sink = createWriteStream(out);
  doc.pipe(sink);
  try {
    if (needsFont) {
      try {
        doc.registerFont('cjk', font.path, font.family);
        doc.font('cjk');
      } catch {
        throw unavailable(PdfMessage.noFont);
      }
    }
    for (const source of sources) {
      if (IMAGE_EXTENSIONS.has(source.extension)) {
        doc.addPage();
        const { width, height } = doc.page;
        try {
          doc.image(source.path, 40, 40, { fit: [width - 80, height - 80], align: 'center', valign: 'center' });
        } catch {
          throw invalidInput(PdfMessage.badImage);
        }
      } else {
        if ((await stat(source.path)).size > TEXT_MAX_BYTES) throw invalidInput(PdfMessage.textTooLarge);
        const text = decodeText(await readFile(source.path)).replace(/^\uFEFF/, '');
        doc.addPage();
        doc.fontSize(11).text(text, { lineGap: 2 });
      }
    }
  } catch (error) {
    doc.end();
    await finished(sink).catch(() => undefined);
    throw error;
  }
  doc.end();
  await finished(sink);
  return out;
}

/** UTF-8, or — what Chinese Windows tools still write — GB18030 (a superset of GBK) when it is not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** LibreOffice reads a copy under a name of our own (the user's name never reaches a command line). */
async function viaLibreOffice(source: PdfSource, work: string, soffice: string): Promise<string> {
  const input = join(work, `source.${source.extension}`);
  await copyFile(source.path, input);
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(soffice, ['--headless', '--norestore', `-env:UserInstallation=file://${join(work, 'profile')}`, '--convert-to', 'pdf', '--outdir', work, input], {
      stdio: 'ignore',
      timeout: SOFFICE_TIMEOUT_MS,
    });
    child.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' || error.code === 'EACCES' ? unavailable(PdfMessage.noOffice) : error));
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  const out = join(work, 'source.pdf');
  if (code !== 0 || !existsSync(out)) throw unavailable(PdfMessage.officeFailed);
  return out;
}
