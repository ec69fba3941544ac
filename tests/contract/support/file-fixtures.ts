// Stored files for the file provider states: written the way the gateway stores an upload (the blob by its
// sha-256 under the gateway's files folder, a row in the demo tenant), under fixed keyIds the pacts name.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { issueToken, type TestGateway } from '../../../gateway/src/testing/test-gateway';
import { contentTypeFor } from '../../../src/domain/upload/content-types';
import { splitFileName } from '../../../src/domain/upload/upload-rules';
import { FILE_KEY, FILE_TEXT, PACT_TOKEN, State } from './consumer';
import type { ProviderStates } from './provider-states';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

/** The files of FILE_KEY in the demo tenant, stored afresh, with no editing lock held. */
async function storeFiles(gateway: TestGateway): Promise<void> {
  await issueToken(gateway.db, { userName: 'admin', token: PACT_TOKEN.admin });
  await storeFixtureFile(gateway, {
    keyId: FILE_KEY.text,
    name: FILE_TEXT.name,
    content: Buffer.from(FILE_TEXT.content),
  });
  await storeFixtureFile(gateway, { keyId: FILE_KEY.image, name: '扫描件.png', content: 'png' });
  await storeFixtureFile(gateway, {
    keyId: FILE_KEY.module,
    name: '附件.txt',
    content: Buffer.from('模块附件\n'),
    subSys: 'business',
    module: 'contract',
  });
}

export const providerStates: ProviderStates = (gateway) => ({
  [State.adminHasFiles]: () => storeFiles(gateway),
  [State.fileLockedByOperator]: async () => {
    await storeFiles(gateway);
    // Both must be able to touch the document (file access rule): operator uploaded it as a supplier
    // attachment, and admin administers 供应商管理.
    await storeFixtureFile(gateway, {
      keyId: FILE_KEY.text,
      name: FILE_TEXT.name,
      content: Buffer.from(FILE_TEXT.content),
      subSys: 'company',
      module: 'supplier',
      userName: 'operator',
    });
    await issueToken(gateway.db, { userName: 'operator', token: PACT_TOKEN.operator });
    const res = await gateway.app.inject({
      method: 'POST',
      url: `/api/file/wopi/files/${FILE_KEY.text}?access_token=${PACT_TOKEN.operator}`,
      headers: { 'x-wopi-override': 'LOCK', 'x-wopi-lock': 'operator-lock' },
    });
    if (res.statusCode !== 200) throw new Error(`could not lock the file: ${res.body}`);
  },
});
