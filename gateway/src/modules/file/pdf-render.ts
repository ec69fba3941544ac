// Lays out images (PNG, JPEG) and plain text as one PDF with pdfkit, text in a CJK font so Chinese renders.
// Decoding an image and laying out pages is CPU and memory heavy, so this runs in a child process of its
// own (pdf-render.child.ts): the gateway's event loop keeps answering, and the child's heap is bounded.
// Failures are reasons, not exceptions, so they cross the process boundary.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { loadPdfKit } from '../../lazy-libraries';

export interface RenderJob {
  sources: Array<{ path: string; extension: string }>;
  out: string;
  font: { path: string; family: string } | null;
}

export type RenderFailureReason = 'badImage' | 'noFont' | 'failed';

export class RenderFailure extends Error {
  constructor(readonly reason: RenderFailureReason) {
    super(reason);
  }
}

export const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg']);

export async function renderPdf(job: RenderJob): Promise<void> {
  const doc = new (await loadPdfKit())({
    autoFirstPage: false,
    size: 'A4',
    margin: 40,
    info: { Title: '文件转换', Creator: 'wsf-gateway' },
  });
  const sink = createWriteStream(job.out);
  doc.pipe(sink);
  try {
    if (job.font) {
      try {
        doc.registerFont('cjk', job.font.path, job.font.family);
        doc.font('cjk');
      } catch {
        throw new RenderFailure('noFont');
      }
    }
    for (const source of job.sources) {
      if (IMAGE_EXTENSIONS.has(source.extension)) {
        doc.addPage();
        const { width, height } = doc.page;
        try {
          doc.image(source.path, 40, 40, { fit: [width - 80, height - 80], align: 'center', valign: 'center' });
        } catch {
          throw new RenderFailure('badImage');
        }
      } else {
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
}

/** UTF-8, or — what Chinese Windows tools still write — GB18030 (a superset of GBK) when it is not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}
