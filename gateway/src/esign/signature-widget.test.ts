// 合同签章's visible signatures on a PDF of two pages: each signer's widget at its box on the page 合同签章 set,
// with its appearance drawn there (rendered by poppler: the box's frame is red where it was placed, nowhere
// else), and pdfsig still finding every signature valid, in order, the last covering the whole file.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { SIGNATURE_BOX } from '../../../src/domain/stage/signature-boxes';
import { P12_PASSPHRASE, inspectSignatures, signPdf } from './pdf-signatures';
import { pdfPages, widgetRectOf } from './signature-widget';
import { pdfsigVerdicts } from '../testing/pdfsig';

const work = mkdtempSync(join(tmpdir(), 'widget-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const twoPages = () =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('page one');
    doc.addPage({ size: [400, 600] });
    doc.text('page two');
    doc.end();
  });

const p12Of = (cn: string) => {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ shortName: 'CN', value: cn }]);
  cert.setIssuer([{ shortName: 'CN', value: cn }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], P12_PASSPHRASE, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
};

/** The share of clearly red pixels in a region (points) of page `page`, rendered by pdftoppm at 72 dpi. */
function redShare(pdf: Buffer, page: number, region: { x: number; y: number; w: number; h: number }) {
  const file = join(work, `r${page}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '72', '-f', String(page), '-l', String(page), '-singlefile', file, join(work, 'p')]);
  const ppm = readFileSync(join(work, 'p.ppm'));
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40)) as RegExpExecArray;
  const [width, start] = [Number(header[1]), header[0].length];
  let red = 0;
  let all = 0;
  for (let y = region.y; y < region.y + region.h; y++)
    for (let x = region.x; x < region.x + region.w; x++) {
      const i = start + (y * width + x) * 3;
      all++;
      if ((ppm[i] as number) > 150 && (ppm[i + 1] as number) < 110 && (ppm[i + 2] as number) < 110) red++;
    }
  return red / all;
}

describe('visible signatures at their boxes', () => {
  it('reads the pages and their sizes', async () => {
    const pages = await pdfPages(await twoPages());
    expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual([
      [595, 842],
      [400, 600],
    ]);
    expect(widgetRectOf({ page: 2, x: 10, y: 20 }, { height: 600 })).toEqual([
      10,
      580 - SIGNATURE_BOX.height,
      10 + SIGNATURE_BOX.width,
      580,
    ]);
  });

  it('places the first signature on page 2 and the second on page 1; pdfsig calls both valid, in order', async () => {
    const at = new Date('2026-11-20T02:30:00Z');
    let pdf = await twoPages();
    const box = { x: 200, y: 480 };
    pdf = await signPdf({
      ...{ pdf, p12: p12Of('First Signer'), signerName: '张华', reason: '华东建材签署', at },
      placement: { page: 2, ...box, organization: '华东建材有限公司' },
    });
    pdf = await signPdf({
      ...{ pdf, p12: p12Of('Second Signer'), signerName: '李静', reason: '保理签署', at },
      placement: { page: 1, x: 40, y: 700, organization: '远景保理' },
    });
    const region = { x: box.x, y: box.y, w: SIGNATURE_BOX.width, h: SIGNATURE_BOX.height };
    expect(redShare(pdf, 2, region)).toBeGreaterThan(0.02);
    expect(redShare(pdf, 1, { ...region, x: 40, y: 700 })).toBeGreaterThan(0.02);
    // Nothing where no box was set.
    expect(redShare(pdf, 1, region)).toBe(0);
    const verdicts = pdfsigVerdicts(pdf, []);
    expect(verdicts.map((v) => v.signer)).toEqual(['First Signer', 'Second Signer']);
    expect(verdicts.every((v) => v.valid)).toBe(true);
    expect((await inspectSignatures(pdf)).map((s) => s.valid)).toEqual([true, true]);
  });
});
