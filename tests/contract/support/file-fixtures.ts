// Stored files for the file provider states: written the way the gateway stores an upload (the blob by its
// sha-256 under the gateway's files folder, a row in the demo tenant), under fixed keyIds the pacts name.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestGateway } from '../../../gateway/src/testing/test-gateway';
import { contentTypeFor } from '../../../src/domain/upload/content-types';
import { splitFileName } from '../../../src/domain/upload/upload-rules';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export async function storeFixtureFile(
  gateway: TestGateway,
  file: { keyId: string; name: string; content: Buffer | 'png'; subSys?: string; module?: string; userName?: string },
): Promise<void> {
  const bytes = file.content === 'png' ? TINY_PNG : file.content;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const path = join(gateway.filesDir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  const user = await gateway.db
    .selectFrom('app_user')
    .select(['user_id', 'tenant_id'])
    .where('user_name', '=', file.userName ?? 'admin')
    .executeTakeFirstOrThrow();
  const { extension } = splitFileName(file.name);
  await gateway.db.deleteFrom('stored_file').where('key_id', '=', file.keyId).execute();
  await gateway.db
    .insertInto('stored_file')
    .values({
      key_id: file.keyId,
      tenant_id: user.tenant_id,
      file_name: file.name,
      extension,
      content_type: contentTypeFor(extension),
      size: bytes.length,
      sha256,
      sub_sys: file.subSys ?? null,
      module: file.module ?? null,
      business_type: null,
      business_id: null,
      created_by: user.user_id,
    })
    .execute();
}
