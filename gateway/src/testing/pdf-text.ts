// A printed document's text as pdftotext (Debian's poppler-utils) reads it, white space removed: CJK text may wrap
// anywhere, so a test looks for a phrase or an amount in 大写 without caring where the line broke.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(join(dir, 'document.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'document.pdf'), '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
