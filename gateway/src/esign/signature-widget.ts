// 合同签章's visible signatures (BUSINESS.md §2 签约): where a contract's signatories set a signer's box, the
// signature's widget stands there, on its page, with an appearance that shows the signer's name and the time of
// signing. `@signpdf/placeholder-plain` writes the widget (its `widgetRect`) on the first page and without an
// appearance; the revision it appends is completed here, before the CMS is made, by one more incremental update:
// the appearance stream, the widget pointing at it and at its page, and the pages' annotations set accordingly.
// The signature then covers that update too, so pdfsig still finds every signature whole and in order. The text
// is drawn as the outlines of the CJK font's glyphs (fontkit): nothing is embedded, any viewer shows it.
import { existsSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type CreateBufferTrailer from '@signpdf/placeholder-plain/dist/createBufferTrailer.js';
import type FindObject from '@signpdf/placeholder-plain/dist/findObject.js';
import type ReadPdf from '@signpdf/placeholder-plain/dist/readPdf.js';
import { A4_PAGE, type BoxPlace, SIGNATURE_BOX } from '../../../src/domain/stage/signature-boxes';
import { DEFAULT_CJK_FONT } from '../modules/file/pdf-convert';

/** A signer's box as 合同签章 set it: page 1-based, x and y from the page's top-left corner, in points. */
export type Placement = BoxPlace;

export interface PdfPage {
  /** The page object's reference, "n g R". */
  ref: string;
  width: number;
  height: number;
}

const MEDIA_BOX = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/;

type RefTable = ReturnType<typeof ReadPdf>['xref'];

/** CommonJS modules: their function is `default` under a bundler's interop, `default.default` under Node's own. */
const cjs = <T>(m: unknown): T => {
  let v = m as { default?: unknown };
  while (typeof v !== 'function' && v?.default) v = v.default as typeof v;
  return v as T;
};
let parts:
  | Promise<{ readPdf: typeof ReadPdf; findObject: typeof FindObject; trailer: typeof CreateBufferTrailer }>
  | undefined;
/** The placeholder's own PDF reading, loaded with the first signature as the signing libraries are. */
const pdfParts = () => {
  parts ??= (async () => ({
    readPdf: cjs<typeof ReadPdf>(await import('@signpdf/placeholder-plain/dist/readPdf.js')),
    findObject: cjs<typeof FindObject>(await import('@signpdf/placeholder-plain/dist/findObject.js')),
    trailer: cjs<typeof CreateBufferTrailer>(await import('@signpdf/placeholder-plain/dist/createBufferTrailer.js')),
  }))();
  return parts;
};

/** The PDF's pages in order, each with its size (its MediaBox, or its page tree's). */
export async function pdfPages(pdf: Buffer): Promise<PdfPage[]> {
  const { readPdf, findObject } = await pdfParts();
  const info = readPdf(pdf);
  const pagesRef = /\/Pages\s+(\d+\s+\d+\s+R)/.exec(String(info.root))?.[1];
  const out: PdfPage[] = [];
  const walk = (ref: string, inherited: { width: number; height: number }, depth: number) => {
    if (depth > 20 || out.length > 2000) return;
    const dict = findObject(pdf, info.xref as unknown as Map<number, number>, ref).toString('latin1');
    const box = MEDIA_BOX.exec(dict);
    const size = box ? { width: Number(box[3]) - Number(box[1]), height: Number(box[4]) - Number(box[2]) } : inherited;
    const kids = /\/Kids\s*\[([^\]]*)\]/.exec(dict);
    if (!kids) {
      out.push({ ref: ref.replace(/\s+/g, ' '), ...size });
      return;
    }
    for (const k of (kids[1] as string).matchAll(/(\d+)\s+(\d+)\s+R/g)) walk(`${k[1]} ${k[2]} R`, size, depth + 1);
  };
  if (pagesRef) walk(pagesRef, A4_PAGE, 0);
  return out;
}

/** The widget rectangle in PDF space (origin bottom-left) of a box placed from the page's top-left corner. */
export function widgetRectOf(p: Placement, page: Pick<PdfPage, 'height'>): [number, number, number, number] {
  const top = page.height - p.y;
  return [p.x, top - SIGNATURE_BOX.height, p.x + SIGNATURE_BOX.width, top];
}

interface Glyphs {
  unitsPerEm: number;
  layout(text: string): {
    glyphs: { path: { commands: { command: string; args: number[] }[] } }[];
    positions: { xAdvance: number }[];
  };
}
type Open = (path: string, postscriptName?: string) => unknown;
let font: Promise<Glyphs | null> | undefined;
/** The CJK font whose outlines draw the text; none where it is not installed (the box is drawn alone then). */
const cjkFont = () => {
  font ??= (async () => {
    if (!existsSync(DEFAULT_CJK_FONT.path)) return null;
    // fontkit comes with pdfkit and declares no types of its own.
    const name = 'fontkit';
    const fontkit = (await import(name)) as { openSync?: Open; default?: { openSync: Open } };
    const open = (fontkit.openSync ?? fontkit.default?.openSync) as Open;
    return open(DEFAULT_CJK_FONT.path, DEFAULT_CJK_FONT.family) as Glyphs;
  })();
  return font;
};

const n = (v: number) => String(Math.round(v * 100) / 100);

/** A line of text as filled outlines, at (x, y) in points, `size` points high. */
function textPath(f: Glyphs, text: string, x: number, y: number, size: number): string {
  const run = f.layout(text);
  const ops: string[] = [`q ${n(size / f.unitsPerEm)} 0 0 ${n(size / f.unitsPerEm)} ${n(x)} ${n(y)} cm`];
  let pen = 0;
  let cx = 0;
  let cy = 0;
  for (const [i, g] of run.glyphs.entries()) {
    for (const { command, args } of g.path.commands) {
      const a = args.map((v, k) => (k % 2 === 0 ? v + pen : v));
      if (command === 'moveTo') ops.push(`${n(a[0] ?? 0)} ${n(a[1] ?? 0)} m`);
      else if (command === 'lineTo') ops.push(`${n(a[0] ?? 0)} ${n(a[1] ?? 0)} l`);
      else if (command === 'bezierCurveTo') ops.push(`${a.map(n).join(' ')} c`);
      else if (command === 'quadraticCurveTo') {
        const [qx = 0, qy = 0, ex = 0, ey = 0] = a;
        const c1 = [cx + (2 / 3) * (qx - cx), cy + (2 / 3) * (qy - cy)];
        const c2 = [ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey)];
        ops.push(`${[...c1, ...c2, ex, ey].map(n).join(' ')} c`);
      } else if (command === 'closePath') ops.push('h');
      if (a.length >= 2) [cx, cy] = [a[a.length - 2] as number, a[a.length - 1] as number];
    }
    pen += run.positions[i]?.xAdvance ?? 0;
  }
  ops.push('f Q');
  return ops.join('\n');
}

const shanghaiTime = (at: Date) =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false },
  })
    .format(at)
    .replace(/\//g, '-');

/** The appearance: a red frame, the signer's name, their organisation and the time, as a seal-like stamp. */
async function appearance(signer: string, organization: string, at: Date): Promise<string> {
  const { width: w, height: h } = SIGNATURE_BOX;
  const ops = ['0.78 0.08 0.08 RG 0.78 0.08 0.08 rg 1.2 w', `1 1 ${w - 2} ${h - 2} re S`];
  const f = await cjkFont();
  if (f) {
    ops.push(textPath(f, signer.slice(0, 10), 8, h - 22, 14));
    ops.push(textPath(f, organization.slice(0, 14), 8, h - 36, 8));
    ops.push(textPath(f, `签署时间 ${shanghaiTime(at)}`, 8, 8, 8));
  }
  return ops.join('\n');
}

/** Replaces a page's /Annots with `annots` (references), keeping the rest of its dictionary. */
function pageWith(dict: string, annots: string[]): string {
  const without = dict.replace(/\/Annots\s*\[[^\]]*\]/, '');
  return `<<\n${without.trim()}\n/Annots [${annots.join(' ')}]\n>>`;
}
const annotsOf = (dict: string) =>
  [...(/\/Annots\s*\[([^\]]*)\]/.exec(dict)?.[1] ?? '').matchAll(/(\d+)\s+(\d+)\s+R/g)].map((m) => `${m[1]} ${m[2]} R`);

/**
 * Completes the placeholder's revision of `placed` with the widget's appearance at `placement` (the page's
 * annotations moved when it is not the first). Answers the PDF to sign.
 */
export async function placeWidget(
  placed: Buffer,
  placement: Placement,
  text: { signer: string; organization: string; at: Date },
): Promise<Buffer> {
  const { readPdf, findObject, trailer } = await pdfParts();
  const latin = placed.toString('latin1');
  // The widget the placeholder just wrote: the last one in the file.
  const widgetAt = latin.lastIndexOf('/Subtype /Widget');
  const objAt = latin.lastIndexOf(' 0 obj', widgetAt);
  const widget = Number(latin.slice(latin.lastIndexOf('\n', objAt) + 1, objAt));
  if (widgetAt < 0 || objAt < 0 || !Number.isInteger(widget) || widget <= 0) return placed;
  const info = readPdf(placed);
  const pages = await pdfPages(placed);
  const target = pages[placement.page - 1];
  const first = pages[0];
  if (!target || !first) return placed;
  const widgetRef = `${widget} 0 R`;
  const stream = deflateSync(Buffer.from(await appearance(text.signer, text.organization, text.at), 'latin1'));
  const xref = info.xref as RefTable & { maxIndex: number };
  const table = xref as unknown as Map<number, number>;
  const apIndex = xref.maxIndex + 1;
  xref.maxIndex = apIndex;
  const added = new Map<number, number>();
  let pdf = placed;
  const append = (index: number, body: Buffer) => {
    added.set(index, pdf.length + 1);
    pdf = Buffer.concat([pdf, Buffer.from(`\n${index} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n')]);
  };
  const { width: w, height: h } = SIGNATURE_BOX;
  append(
    apIndex,
    Buffer.concat([
      Buffer.from(
        `<<\n/Type /XObject\n/Subtype /Form\n/BBox [0 0 ${w} ${h}]\n/Filter /FlateDecode\n/Length ${stream.length}\n>>\nstream\n`,
        'latin1',
      ),
      stream,
      Buffer.from('\nendstream', 'latin1'),
    ]),
  );
  const widgetDict = findObject(placed, table, widgetRef)
    .toString('latin1')
    .replace(/\/P\s+\d+\s+\d+\s+R/, `/P ${target.ref}`);
  append(widget, Buffer.from(`<<${widgetDict}\n/AP << /N ${apIndex} 0 R >>\n>>`, 'latin1'));
  if (target.ref !== first.ref) {
    const index = (ref: string) => Number(ref.split(' ')[0]);
    const firstDict = findObject(placed, table, first.ref).toString('latin1');
    append(
      index(first.ref),
      Buffer.from(
        pageWith(
          firstDict,
          annotsOf(firstDict).filter((r) => r !== widgetRef),
        ),
        'latin1',
      ),
    );
    const targetDict = findObject(placed, table, target.ref).toString('latin1');
    append(index(target.ref), Buffer.from(pageWith(targetDict, [...annotsOf(targetDict), widgetRef]), 'latin1'));
  }
  return Buffer.concat([pdf, Buffer.from('\n'), trailer(pdf, info, added)]);
}
