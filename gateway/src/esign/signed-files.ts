// The 签署文件 page's reading of stored signed PDFs: each file's bytes read back checked against the sha-256 its
// record keeps, and every signature in it inspected (pdf-signatures.ts) — who signed, when, and whether it holds.
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import { documentBytes } from '../stage/stage-documents';
import { inspectSignatures } from './pdf-signatures';

const S = Type.String();
const Signature = Type.Object({
  ...{ index: Type.Integer(), signerName: S, subject: S, issuer: S, signedAt: Type.Union([S, Type.Null()]) },
  ...{ valid: Type.Boolean(), coversWholeFile: Type.Boolean() },
});
/** The files with their signatures, on the wire. */
export const SignedFilesSchema = Type.Array(
  Type.Object({ seq: Type.Integer(), name: S, sha256: S, signatures: Type.Array(Signature) }),
);

/** Each stored signed file, in order, with its signatures as they stand in its bytes. */
export async function signedFilesOf(
  db: Kysely<Database>,
  filesDir: string,
  tenantId: string,
  files: readonly { seq: number; name: string; fileId: string; sha256: string }[],
) {
  const out = [];
  for (const d of files) {
    const { pdf } = await documentBytes(db, filesDir, tenantId, d);
    out.push({ seq: d.seq, name: d.name, sha256: d.sha256, signatures: await inspectSignatures(pdf) });
  }
  return out;
}
