// Which uploads a record may take as its attachments (SPEC §7.2 files; DESIGN.md §2): a caller attaches only
// files it uploaded itself that no other record holds yet. A keyId is a name, not a permission: an id that is
// no id (a path such as '../../etc/passwd'), one the tenant has no file under, another user's upload and a file
// another record already holds are refused alike, with one message, so that a refusal tells nobody whose files
// exist. A file already bound to this very record stays attachable (saving a record again).

/** The shape of a stored file's keyId: letters, digits, '_' and '-' (no dots, no slashes). */
const KEY_ID = /^[0-9A-Za-z_-]{1,64}$/;

export const FILE_BINDING_MESSAGE = '只能关联本人上传且未关联其他记录的文件';

export interface BindableFileFacts {
  keyId: string;
  createdBy: string;
  businessType: string | null;
  businessId: string | null;
}

export interface BindingTarget {
  type: string;
  id: string;
}

/** Whether the text can be a keyId at all. */
export const isFileKeyId = (value: string): boolean => KEY_ID.test(value);

/**
 * The refusal of attaching the files named by `keyIds` to `target` for `userId`, or null when every one may be:
 * `found` are the tenant's files under those ids (any order; a missing one is refused).
 */
export function fileBindingRefusal(
  keyIds: readonly string[],
  found: readonly BindableFileFacts[],
  userId: string,
  target: BindingTarget,
): string | null {
  const byId = new Map(found.map((f) => [f.keyId, f]));
  for (const keyId of keyIds) {
    const file = isFileKeyId(keyId) ? byId.get(keyId) : undefined;
    if (!file) return FILE_BINDING_MESSAGE;
    const unbound = file.businessId === null;
    const boundHere = file.businessType === target.type && file.businessId === target.id;
    if (boundHere) continue;
    if (!unbound || file.createdBy !== userId) return FILE_BINDING_MESSAGE;
  }
  return null;
}
