// Files on the wire (SPEC §7.2 Files), each shape written once with TypeBox and its type derived from it.
import { type Static, Type } from 'typebox';
import type { JsonSchema } from '../../plugins/envelope';
import { envelopeResponses } from '../../plugins/envelope';

const KeyId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9a-zA-Z_-]+$' });
const Segment = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,39}$' });
/** One keyId, repeated keys, or one comma-separated text (SPEC §7.2 writes `keyIds=..`). */
const KeyIdList = Type.Union([
  Type.String({ minLength: 1, maxLength: 2000 }),
  Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 }),
]);

export const FileInfo = Type.Object({
  keyId: Type.String(),
  name: Type.String({ description: '上传时的文件名' }),
  size: Type.Integer({ description: '字节数' }),
  contentType: Type.String(),
  extension: Type.String({ description: '小写，不带点' }),
});
export type FileInfo = Static<typeof FileInfo>;

/** Bytes on success, the error envelope otherwise. */
function binaryResponses(description: string): Record<string, JsonSchema> {
  const { 200: _ok, ...errors } = envelopeResponses(Type.Null());
  return { 200: { description, type: 'string', format: 'binary' }, ...errors };
}

export const UploadQuery = Type.Object(
  {
    accept: Type.Optional(
      Type.String({ maxLength: 500, description: '允许的扩展名（逗号分隔），默认服务器允许的全部' }),
    ),
  },
  { additionalProperties: false },
);
export type UploadQuery = Static<typeof UploadQuery>;

export const uploadSchema = {
  tags: ['file'],
  summary: '上传一个文件（multipart/form-data，字段 file）',
  consumes: ['multipart/form-data'],
  querystring: UploadQuery,
  response: envelopeResponses(FileInfo),
};

export const uploadBatchSchema = {
  tags: ['file'],
  summary: '上传多个文件（multipart/form-data，每个文件一个 file 字段）；任一失败则全部不保存',
  consumes: ['multipart/form-data'],
  querystring: UploadQuery,
  response: envelopeResponses(Type.Array(FileInfo)),
};

export const ModuleParams = Type.Object({ subSys: Segment, module: Segment });
export type ModuleParams = Static<typeof ModuleParams>;

const KeyIdQuery = Type.Object({ keyId: KeyId }, { additionalProperties: false });
export type KeyIdQuery = Static<typeof KeyIdQuery>;

export const moduleUploadSchema = {
  tags: ['file'],
  summary: '业务模块的上传目标 /api/{subsystem}/{module}/upload',
  consumes: ['multipart/form-data'],
  params: ModuleParams,
  querystring: UploadQuery,
  response: envelopeResponses(FileInfo),
};

export const moduleDeleteSchema = {
  tags: ['file'],
  summary: '删除业务模块上传的文件',
  params: ModuleParams,
  querystring: KeyIdQuery,
  response: envelopeResponses(Type.Null()),
};

export const downloadSchema = {
  tags: ['file'],
  summary: '下载文件（Content-Disposition 按 RFC 6266，中文文件名放在 filename*）',
  querystring: KeyIdQuery,
  response: binaryResponses('文件内容'),
};

export const KeyIdsQuery = Type.Object(
  { keyIds: KeyIdList, fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })) },
  { additionalProperties: false },
);
export type KeyIdsQuery = Static<typeof KeyIdsQuery>;

export const downloadsSchema = {
  tags: ['file'],
  summary: '多个文件打包为一个 .zip 下载',
  querystring: KeyIdsQuery,
  response: binaryResponses('zip 文件'),
};

export const TransQuery = Type.Object(
  { keyIds: KeyIdList, transFileType: Type.String({ enum: ['PDF', 'pdf'] }) },
  { additionalProperties: false },
);
export type TransQuery = Static<typeof TransQuery>;

export const transSchema = {
  tags: ['file'],
  summary: '转换为 PDF：图片和文本由 PDF 库生成，办公文档由 LibreOffice 转换',
  querystring: TransQuery,
  response: binaryResponses('PDF 文件'),
};

export const uriSchema = {
  tags: ['file'],
  summary: '文件的短期签名地址（5 分钟内有效，可直接用于 img / iframe）',
  params: Type.Object({ keyId: KeyId }),
  response: envelopeResponses(
    Type.Object({
      url: Type.String(),
      expiresAt: Type.Integer({ description: '毫秒时间戳' }),
      name: Type.String(),
      contentType: Type.String(),
    }),
  ),
};

export const SignedQuery = Type.Object({
  expires: Type.String({ pattern: '^[0-9]{1,15}$' }),
  signature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type SignedQuery = Static<typeof SignedQuery>;

export const signedSchema = {
  tags: ['file'],
  summary: '按签名地址读取文件（inline）',
  params: Type.Object({ keyId: KeyId }),
  querystring: SignedQuery,
  response: binaryResponses('文件内容'),
};

export const copySchema = {
  tags: ['file'],
  summary: '复制文件（新的 keyId，同一份内容）',
  querystring: KeyIdQuery,
  response: envelopeResponses(FileInfo),
};

export const SaveBody = Type.Object(
  {
    keyIds: Type.Array(KeyId, { minItems: 1, maxItems: 50 }),
    businessType: Type.String({ minLength: 1, maxLength: 64 }),
    businessId: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type SaveBody = Static<typeof SaveBody>;

export const saveSchema = {
  tags: ['file'],
  summary: '把已上传的文件关联到业务记录',
  body: SaveBody,
  response: envelopeResponses(Type.Array(FileInfo)),
};

export const LockParams = Type.Object({ fileId: KeyId });
export type LockParams = Static<typeof LockParams>;

export const LockQuery = Type.Object({ access_token: Type.String({ minLength: 1, maxLength: 200 }) });
export type LockQuery = Static<typeof LockQuery>;

export const lockSchema = {
  tags: ['file'],
  summary: '文档编辑锁（WOPI）：X-WOPI-Override 为 LOCK、GET_LOCK、REFRESH_LOCK 或 UNLOCK，X-WOPI-Lock 为锁值',
  params: LockParams,
  querystring: LockQuery,
  headers: Type.Object({
    'x-wopi-override': Type.String({ enum: ['LOCK', 'GET_LOCK', 'REFRESH_LOCK', 'UNLOCK'] }),
    'x-wopi-lock': Type.Optional(Type.String({ maxLength: 1024 })),
  }),
  response: envelopeResponses(
    Type.Object({
      lock: Type.String({ description: '当前锁值，未锁定为空' }),
      expiresAt: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
};

export const TemplateQuery = Type.Object({ code: Type.Optional(Type.String({ maxLength: 64 })) });
export type TemplateQuery = Static<typeof TemplateQuery>;

export const templateSchema = {
  tags: ['file'],
  summary: '下载导入模板（.xlsx），code 为模板编码，如 USER_IMPORT',
  querystring: TemplateQuery,
  response: binaryResponses('模板文件'),
};
