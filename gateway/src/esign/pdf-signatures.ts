// Real electronic signatures in a PDF (BUSINESS.md, Decisions: Signing; STACK.md): each signer's signature is a
// CMS (PKCS#7, adbe.pkcs7.detached) signature made by `@signpdf/signpdf` with its P12 signer, over a placeholder
// that `@signpdf/placeholder-plain` appends as an incremental update — so the bytes every earlier signature covers
// are left as they were and each stays valid after the next is added. The P12 holds the signer's key and the
// certificate the tenant's demo CA issued (demo-ca.ts). `inspectSignatures` reads them back for the 签署文件 page:
// each signature's signer, time, the revision it covers, and whether it still holds — its messageDigest equals
// the SHA-256 of the bytes its ByteRange names, and the signer's key signed those attributes (checked with
// node-forge on the CMS as embedded); a byte changed after signing breaks the one whose range covers it.
import { createHash } from 'node:crypto';
import type forgeModule from 'node-forge';
import { type Placement, pdfPages, placeWidget, widgetRectOf } from './signature-widget';

type Forge = typeof forgeModule;
let libraries:
  | Promise<{
      forge: Forge;
      sign: (pdf: Buffer, p12: Buffer, at: Date) => Promise<Buffer>;
      placeholder: (pdf: Buffer, o: PlaceholderOptions) => Buffer;
    }>
  | undefined;

interface PlaceholderOptions {
  reason: string;
  name: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
  widgetRect?: number[];
}

/** The signing libraries, loaded with the first signature (they are heavy and most requests never sign). */
export function signingLibraries() {
  libraries ??= (async () => {
    const [forge, signpdf, p12, plain] = await Promise.all([
      import('node-forge').then((m) => (m.default ?? m) as Forge),
      import('@signpdf/signpdf'),
      import('@signpdf/signer-p12'),
      import('@signpdf/placeholder-plain'),
    ]);
    // A CommonJS module: its instance is `default` under a bundler's interop, `default.default` under Node's own.
    let signer = signpdf as unknown as { default?: unknown; sign?: unknown };
    while (typeof signer.sign !== 'function' && signer.default) signer = signer.default as typeof signer;
    const signPdfWith = signer as unknown as { sign(pdf: Buffer, s: unknown, at?: Date): Promise<Buffer> };
    const P12Signer = p12.P12Signer ?? (p12 as unknown as { default: typeof p12 }).default.P12Signer;
    const addPlaceholder =
      plain.plainAddPlaceholder ?? (plain as unknown as { default: typeof plain }).default.plainAddPlaceholder;
    return {
      forge,
      sign: (pdf: Buffer, key: Buffer, at: Date) =>
        signPdfWith.sign(pdf, new P12Signer(key, { passphrase: P12_PASSPHRASE }), at),
      placeholder: (pdf: Buffer, o: PlaceholderOptions) =>
        addPlaceholder({ pdfBuffer: pdf, ...o, signatureLength: 8192, appName: '供应链金融业务管理后台' }),
    };
  })();
  return libraries;
}

/** The P12 is made and used in memory only, within one signature; its passphrase protects nothing at rest. */
export const P12_PASSPHRASE = 'signing';

/** One signature: whose, when, why, appended to `pdf` as its next revision. */
export interface SignatureRequest {
  pdf: Buffer;
  /** PKCS#12 of the signer's key and certificate chain, under P12_PASSPHRASE. */
  p12: Buffer;
  signerName: string;
  reason: string;
  at: Date;
  /** Where 合同签章 set this signer's box: the signature is then visible there, else invisible. */
  placement?: Placement & { organization: string };
}

export async function signPdf(r: SignatureRequest): Promise<Buffer> {
  const lib = await signingLibraries();
  const page = r.placement ? (await pdfPages(r.pdf))[r.placement.page - 1] : undefined;
  const placed = lib.placeholder(r.pdf, {
    reason: r.reason,
    name: r.signerName,
    location: '中国',
    contactInfo: '',
    signingTime: r.at,
    ...(r.placement && page ? { widgetRect: widgetRectOf(r.placement, page) } : {}),
  });
  const visible =
    r.placement && page
      ? await placeWidget(placed, r.placement, {
          signer: r.signerName,
          organization: r.placement.organization,
          at: r.at,
        })
      : placed;
  return lib.sign(visible, r.p12, r.at);
}

export interface SignatureInfo {
  /** 1-based, in the order the signatures were added. */
  index: number;
  signerName: string;
  /** The certificate's subject common name and its issuer's. */
  subject: string;
  issuer: string;
  signedAt: string | null;
  /** The signature covers everything up to its own revision, and its CMS verifies. */
  valid: boolean;
  /** The signature covers the whole file as it is (the last one, when nothing was appended after). */
  coversWholeFile: boolean;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

type Asn1 = forgeModule.asn1.Asn1;
const kids = (n: Asn1) => n.value as Asn1[];

/** The signer's parts of a CMS SignedData as embedded: its serial, authenticated attributes and signature. */
function signerOf(forge: Forge, der: string) {
  const content = kids(kids(forge.asn1.fromDer(der))[1] as Asn1)[0] as Asn1;
  const signerInfos = kids(content).at(-1) as Asn1;
  const signer = kids(signerInfos)[0] as Asn1;
  const parts = kids(signer);
  const serial = forge.util.bytesToHex(kids(parts[1] as Asn1)[1]?.value as string);
  const attrs = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0) as Asn1;
  const signature = (parts.filter((p) => p.type === forge.asn1.Type.OCTETSTRING).at(-1) as Asn1).value as string;
  const attribute = (oid: string) => {
    for (const a of kids(attrs)) {
      const [type, values] = kids(a) as [Asn1, Asn1];
      if (forge.asn1.derToOid(type.value as string) === oid) return kids(values)[0]?.value as string;
    }
    return null;
  };
  return { serial, attrs: kids(attrs), signature, attribute };
}

/**
 * The CMS inside its placeholder, which is padded with zero bytes: as long as its outer DER header says. Trimming
 * the zeros instead would also cut a signature whose own last byte is zero (one in 256).
 */
export function placedDer(placeholder: Buffer): string {
  const first = placeholder[1] ?? 0;
  const lengthBytes = first < 0x80 ? 0 : first & 0x7f;
  let length = first < 0x80 ? first : 0;
  for (let i = 0; i < lengthBytes; i++) length = length * 256 + (placeholder[2 + i] ?? 0);
  return placeholder.subarray(0, 2 + lengthBytes + length).toString('latin1');
}

/** Every signature of the PDF, read and checked. */
export async function inspectSignatures(pdf: Buffer): Promise<SignatureInfo[]> {
  const { forge } = await signingLibraries();
  const text = pdf.toString('latin1');
  const out: SignatureInfo[] = [];
  for (const m of text.matchAll(BYTE_RANGE)) {
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    const info: SignatureInfo = {
      ...{ index: out.length + 1, signerName: '', subject: '', issuer: '', signedAt: null },
      ...{ valid: false, coversWholeFile: c + d === pdf.length },
    };
    out.push(info);
    if (c + d > pdf.length || a !== 0) continue;
    try {
      const der = placedDer(Buffer.from(pdf.subarray(b + 1, c - 1).toString('latin1'), 'hex'));
      const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as unknown as {
        certificates: forgeModule.pki.Certificate[];
      };
      const signer = signerOf(forge, der);
      const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
      const digest = createHash('sha256').update(signed).digest().toString('latin1');
      const messageDigest = signer.attribute(forge.pki.oids.messageDigest as string);
      const time = signer.attribute(forge.pki.oids.signingTime as string);
      const cert =
        p7.certificates.find((x) => x.serialNumber.replace(/^0+/, '') === signer.serial.replace(/^0+/, '')) ??
        p7.certificates[0];
      if (!cert) continue;
      const cn = (n: forgeModule.pki.Certificate['subject']) => String(n.getField('CN')?.value ?? '');
      info.subject = forge.util.decodeUtf8(cn(cert.subject));
      info.issuer = forge.util.decodeUtf8(cn(cert.issuer));
      info.signerName = info.subject;
      info.signedAt = time ? forge.asn1.utcTimeToDate(time).toISOString() : null;
      // The authenticated attributes as signed: a SET OF, DER, in place of the [0] IMPLICIT tag.
      const attrs = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, signer.attrs);
      const attrsDigest = forge.md.sha256.create().update(forge.asn1.toDer(attrs).getBytes());
      const key = cert.publicKey as forgeModule.pki.rsa.PublicKey;
      const signature = signer.signature;
      info.valid = messageDigest === digest && key.verify(attrsDigest.digest().getBytes(), signature);
    } catch {
      info.valid = false;
    }
  }
  return out;
}
