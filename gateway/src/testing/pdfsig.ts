// pdfsig (Debian's poppler-utils) as the tests read a signed PDF: each signature's signer, whether it is valid,
// whether it covers the whole file, and whether its certificate is trusted. pdfsig trusts only what the NSS
// database it is pointed at trusts, so the caller names the root certificates (PEM) to trust — the tenant's
// demo CA as the gateway keeps it — and a throwaway database is made for them with NSS's certutil
// (libnss3-tools, installed by the test command as poppler-utils is).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PdfsigVerdict {
  signer: string;
  valid: boolean;
  whole: boolean;
  trusted: boolean;
}

/** pdfsig's verdict on each signature of the file, in the order they were added, trusting `roots` only. */
export function pdfsigVerdicts(pdf: Buffer, roots: readonly string[]): PdfsigVerdict[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdfsig-'));
  try {
    const nss = `sql:${dir}`;
    execFileSync('certutil', ['-N', '--empty-password', '-d', nss], { stdio: 'ignore' });
    roots.forEach((pem, i) => {
      const file = join(dir, `ca-${i}.pem`);
      writeFileSync(file, pem);
      // Trusted to issue signers' certificates (the S/MIME column): pdfsig checks a signer as an e-mail signer, so
      // a root trusted for TLS only ("C,,") is still "issuer isn't Trusted".
      execFileSync('certutil', ['-A', '-n', `demo-ca-${i}`, '-t', ',C,', '-i', file, '-d', nss], { stdio: 'ignore' });
    });
    const path = join(dir, 'signed.pdf');
    writeFileSync(path, pdf);
    let out = '';
    try {
      out = execFileSync('pdfsig', ['-nssdir', nss, path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch (error) {
      // pdfsig exits non-zero when a signature fails; its report is still on stdout.
      out = String((error as { stdout?: string }).stdout ?? '');
    }
    return out
      .split(/^Signature #\d+:/m)
      .slice(1)
      .map((block) => ({
        signer: /Signer Certificate Common Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        valid: /Signature Validation: Signature is Valid\./.test(block),
        whole: /Total document signed/.test(block) && !/Not total document signed/.test(block),
        trusted: /Certificate Validation: Certificate is Trusted\./.test(block),
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
