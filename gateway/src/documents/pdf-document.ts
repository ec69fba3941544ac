// Draws a laid-out document (document-template.ts) as an A4 PDF with pdfkit, every piece of text in the CJK
// font so Chinese renders (the font the file module's conversion uses). Runs in a child process
// (pdf-document.child.ts, kept by render-document.ts), so laying out pages never holds the gateway's
// event loop. Tables repeat their header on a new page; a row never splits across pages.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { finished } from 'node:stream/promises';
import type PDFDocument from 'pdfkit';
import { loadPdfKit } from '../lazy-libraries';
import type { DocumentLayout, DocumentPiece } from './document-template';

export interface DocumentJob {
  layout: DocumentLayout;
  out: string;
  font: { path: string; family: string };
  /** The creation date to write (ISO), for bytes that are the same on every drawing; now when absent. */
  date?: string;
}

const MARGIN = 50;
const BODY = 10.5;
const CELL_PAD = 4;
const LABEL_WIDTH = 150;

type Doc = InstanceType<typeof PDFDocument>;

const bottom = (doc: Doc) => doc.page.height - MARGIN - 20;
const width = (doc: Doc) => doc.page.width - 2 * MARGIN;

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

function drawRow(doc: Doc, cells: readonly string[], widths: readonly number[], header: boolean): void {
  doc.fontSize(header ? 10 : 9.5);
  const heights = cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 2 * CELL_PAD }));
  const height = Math.max(...heights) + 2 * CELL_PAD;
  const top = doc.y;
  let x = MARGIN;
  cells.forEach((c, i) => {
    const w = widths[i]!;
    if (header) doc.rect(x, top, w, height).fillAndStroke('#f0f0f0', '#999999').fillColor('#000000');
    else doc.rect(x, top, w, height).stroke('#999999');
    doc.text(c, x + CELL_PAD, top + CELL_PAD, { width: w - 2 * CELL_PAD });
    x += w;
  });
  doc.x = MARGIN;
  doc.y = top + height;
}

function drawTable(doc: Doc, piece: Extract<DocumentPiece, { kind: 'table' }>): void {
  const total = piece.widths.reduce((a, b) => a + b, 0);
  const widths = piece.widths.map((w) => (w / total) * width(doc));
  const rowHeight = (cells: readonly string[]) =>
    Math.max(...cells.map((c, i) => doc.fontSize(9.5).heightOfString(c || ' ', { width: widths[i]! - 2 * CELL_PAD }))) +
    2 * CELL_PAD;
  ensureRoom(doc, rowHeight(piece.headers) + rowHeight(piece.rows[0] ?? piece.headers));
  drawRow(doc, piece.headers, widths, true);
  for (const row of piece.rows) {
    if (doc.y + rowHeight(row) > bottom(doc)) {
      doc.addPage();
      drawRow(doc, piece.headers, widths, true);
    }
    drawRow(doc, row, widths, false);
  }
  doc.moveDown(0.6);
}

function drawPiece(doc: Doc, piece: DocumentPiece): void {
  doc.x = MARGIN;
  switch (piece.kind) {
    case 'title':
      doc.fontSize(18).text(piece.text, { align: 'center' });
      doc.moveDown(0.8);
      return;
    case 'heading':
      ensureRoom(doc, 60);
      doc.moveDown(piece.level === 1 ? 0.6 : 0.3);
      doc.fontSize(piece.level === 1 ? 13.5 : 11.5).text(piece.text);
      doc.moveDown(0.3);
      return;
    case 'paragraph':
      doc.fontSize(BODY).text(piece.text, { width: width(doc), lineGap: 2 });
      doc.moveDown(0.5);
      return;
    case 'fields':
      doc.fontSize(BODY);
      for (const [label, value] of piece.items) {
        const valueWidth = width(doc) - LABEL_WIDTH;
        const height = Math.max(doc.heightOfString(value, { width: valueWidth }), doc.heightOfString(label));
        ensureRoom(doc, height + 4);
        const top = doc.y;
        doc.fillColor('#555555').text(`${label}：`, MARGIN, top, { width: LABEL_WIDTH - 8 });
        doc.fillColor('#000000').text(value, MARGIN + LABEL_WIDTH, top, { width: valueWidth });
        doc.x = MARGIN;
        doc.y = top + height + 3;
      }
      doc.moveDown(0.3);
      return;
    case 'table':
      drawTable(doc, piece);
      return;
    case 'list':
      doc.fontSize(BODY).text(`${piece.label}：`);
      piece.items.forEach((item, i) => {
        doc.text(`${i + 1}. ${item}`, MARGIN + 16, doc.y, { width: width(doc) - 16, lineGap: 2 });
      });
      doc.moveDown(0.5);
  }
}

/** A font as fontkit parsed it: what pdfkit embeds a font from, given one instead of a file. */
interface ParsedFont {
  layout(text: string): unknown;
}

/**
 * The CJK font parsed once a process, by file and family. Reading the 20 MB collection, parsing the font's
 * shaping tables on its first text and its outlines on its first subset cost more than drawing a document:
 * a parsed font kept for the next one draws it in a fraction of the time, into the same bytes (each document
 * still embeds a subset of its own). The fontkit is pdfkit's own, as pdfkit resolves it.
 */
const parsedFonts = new Map<string, Promise<ParsedFont>>();

function parsedFont(font: DocumentJob['font']): Promise<ParsedFont> {
  const key = `${font.path}\u0000${font.family}`;
  let parsed = parsedFonts.get(key);
  if (!parsed) {
    parsed = readFile(font.path).then((bytes) => {
      const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
        create(bytes: Uint8Array, postscriptName?: string): ParsedFont;
      };
      return fontkit.create(bytes, font.family);
    });
    // A font that could not be read is read again for the next document, not remembered as failed.
    parsed.catch(() => parsedFonts.delete(key));
    parsedFonts.set(key, parsed);
  }
  return parsed;
}

export async function renderDocumentPdf(job: DocumentJob): Promise<void> {
  const font = await parsedFont(job.font);
  const doc = new (await loadPdfKit())({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: job.layout.name,
      Subject: job.layout.templateRef,
      Creator: 'wsf-gateway',
      ...(job.date ? { CreationDate: new Date(job.date), ModDate: new Date(job.date) } : {}),
    },
  });
  const sink = createWriteStream(job.out);
  doc.pipe(sink);
  // pdfkit takes a parsed font where its types name only files and bytes (PDFFontFactory.open).
  doc.registerFont('cjk', font as unknown as Buffer);
  doc.font('cjk');
  for (const piece of job.layout.pieces) drawPiece(doc, piece);
  // Each page's foot, in the reader's language: the document and its template's version, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor('#888888')
      .text(
        `${job.layout.footer ?? job.layout.templateRef}    第 ${i + 1} 页 / 共 ${range.count} 页`,
        MARGIN,
        doc.page.height - MARGIN,
        { width: width(doc), align: 'center', lineBreak: false },
      );
  }
  doc.end();
  await finished(sink);
}
