// The per-tenant demo certificate authority the gateway keeps (BUSINESS.md, Decisions: Signing): a self-signed
// root made once per tenant on first use (its key stays in the database, never on the wire), and for each
// signature a certificate it issues to the signer, valid for a year from the signature's day, bundled with the
// signer's new key as a PKCS#12 the signer signs with. RSA keys are made by Node's crypto (node-forge's
// JavaScript key generation takes seconds on this machine); forge builds and signs the certificates.
import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { P12_PASSPHRASE, signingLibraries } from './pdf-signatures';
import './tables';

const keyPair = promisify(generateKeyPair);

async function rsaKeys() {
  const { publicKey, privateKey } = await keyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicPem: publicKey, privatePem: privateKey };
}

const YEAR_MS = 365 * 86_400_000;

/** The tenant's root, made on first use: one insert that does nothing when another process won, then one read. */
export async function tenantCa(db: Kysely<Database>, tenantId: string, tenantName: string, now: Date) {
  const found = await db.selectFrom('esign_ca').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  if (found) return found;
  const { forge } = await signingLibraries();
  const keys = await rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * YEAR_MS);
  const name = [
    { shortName: 'CN', value: forge.util.encodeUtf8(`${tenantName} 演示电子签章CA`) },
    { shortName: 'O', value: forge.util.encodeUtf8(tenantName) },
    { shortName: 'C', value: 'CN' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privatePem), forge.md.sha256.create());
  await db
    .insertInto('esign_ca')
    .values({
      tenant_id: tenantId,
      cert_pem: forge.pki.certificateToPem(cert),
      key_pem: keys.privatePem,
      created_at: now,
    })
    .onConflict((oc) => oc.column('tenant_id').doNothing())
    .execute();
  return db.selectFrom('esign_ca').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

/** A certificate the tenant's CA issues to a signer for one signature, with its key, as a PKCS#12. */
export async function signerP12(
  db: Kysely<Database>,
  ca: { tenantId: string; tenantName: string },
  signer: { name: string; organization: string },
  now: Date,
): Promise<Buffer> {
  const root = await tenantCa(db, ca.tenantId, ca.tenantName, now);
  const { forge } = await signingLibraries();
  const caCert = forge.pki.certificateFromPem(root.cert_pem);
  const keys = await rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = `02${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + YEAR_MS);
  cert.setSubject([
    { shortName: 'CN', value: forge.util.encodeUtf8(signer.name) },
    { shortName: 'O', value: forge.util.encodeUtf8(signer.organization) },
    { shortName: 'C', value: 'CN' },
  ]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
  ]);
  cert.sign(forge.pki.privateKeyFromPem(root.key_pem), forge.md.sha256.create());
  const key = forge.pki.privateKeyFromPem(keys.privatePem);
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert, caCert], P12_PASSPHRASE, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** The tenant's root certificate (PEM), for a verifier that trusts it (pdfsig's NSS database in the tests). */
export async function caCertificatePem(db: Kysely<Database>, tenantId: string, tenantName: string, now: Date) {
  return (await tenantCa(db, tenantId, tenantName, now)).cert_pem;
}
