import type { JsonSchema } from '../../plugins/envelope';
import { envelopeResponses } from '../../plugins/envelope';

export interface FileInfo {
  keyId: string;
  name: string;
  size: number;
  contentType: string;
  extension: string;
}

const keyId = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9a-zA-Z_-]+$' };
const segment = { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,39}$' };
/** One keyId, repeated keys, or one comma-separated text (SPEC §7.2 writes `keyIds=..`). */
const keyIdList = { anyOf: [{ type: 'string', minLength: 1, maxLength: 2000 }, { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string', maxLength: 64 } }] };

const fileInfo = {
  type: 'object',
  required: ['keyId', 'name', 'size', 'contentType', 'extension'],
  properties: {
    keyId: { type: 'string' },
    name: { type: 'string', description: '上传时的文件名' },
    size: { type: 'integer', description: '字节数' },
    contentType: { type: 'string' },
    extension: { type: 'string', description: '小写，不带点' },
  },
};

/** Bytes on success, the error envelope otherwise. */
function binaryResponses(description: string): Record<string, JsonSchema> {
  const { 200: _ok, ...errors } = envelopeResponses({ type: 'null' });
  return { 200: { description, type: 'string', format: 'binary' }, ...errors };
}

const uploadQuery = {
  type: 'object',
  properties: { accept: { type: 'string', maxLength: 500, description: '允许的扩展名（逗号分隔），默认服务器允许的全部' } },
  additionalProperties: false,
};

export interface UploadQuery {
  accept?: string;
}

export const uploadSchema = {
  tags: ['file'],
  summary: '上传一个文件（multipart/form-data，字段 file）',
  consumes: ['multipart/form-data'],
  querystring: uploadQuery,
  response: envelopeResponses(fileInfo),
};

export const uploadBatchSchema = {
  tags: ['file'],
  summary: '上传多个文件（multipart/form-data，每个文件一个 file 字段）；任一失败则全部不保存',
  consumes: ['multipart/form-data'],
  querystring: uploadQuery,
  response: envelopeResponses({ type: 'array', items: fileInfo }),
};

export interface ModuleParams {
  subSys: string;
  module: string;
}

export const moduleUploadSchema = {
  tags: ['file'],
  summary: '业务模块的上传目标 /api/{subsystem}/{module}/upload',
  consumes: ['multipart/form-data'],
  params: { type: 'object', required: ['subSys', 'module'], properties: { subSys: segment, module: segment } },
  querystring: uploadQuery,
  response: envelopeResponses(fileInfo),
};

export const moduleDeleteSchema = {
  tags: ['file'],
  summary: '删除业务模块上传的文件',
  params: { type: 'object', required: ['subSys', 'module'], properties: { subSys: segment, module: segment } },
  querystring: { type: 'object', required: ['keyId'], properties: { keyId }, additionalProperties: false },
  response: envelopeResponses({ type: 'null' }),
};

export interface KeyIdQuery {
  keyId: string;
}

export const downloadSchema = {
  tags: ['file'],
  summary: '下载文件（Content-Disposition 按 RFC 6266，中文文件名放在 filename*）',
  querystring: { type: 'object', required: ['keyId'], properties: { keyId }, additionalProperties: false },
  response: binaryResponses('文件内容'),
};

export interface KeyIdsQuery {
  keyIds: string | string[];
  fileName?: string;
}

export const downloadsSchema = {
  tags: ['file'],
  summary: '多个文件打包为一个 .zip 下载',
  querystring: {
    type: 'object',
    required: ['keyIds'],
    properties: { keyIds: keyIdList, fileName: { type: 'string', minLength: 1, maxLength: 80 } },
    additionalProperties: false,
  },
  response: binaryResponses('zip 文件'),
};

export interface TransQuery {
  keyIds: string | string[];
  transFileType: string;
}

export const transSchema = {
  tags: ['file'],
  summary: '转换为 PDF：图片和文本由 PDF 库生成，办公文档由 LibreOffice 转换',
  querystring: {
    type: 'object',
    required: ['keyIds', 'transFileType'],
    properties: { keyIds: keyIdList, transFileType: { type: 'string', enum: ['PDF', 'pdf'] } },
    additionalProperties: false,
  },
  response: binaryResponses('PDF 文件'),
};

export const uriSchema = {
  tags: ['file'],
  summary: '文件的短期签名地址（5 分钟内有效，可直接用于 img / iframe）',
  params: { type: 'object', required: ['keyId'], properties: { keyId } },
  response: envelopeResponses({
    type: 'object',
    required: ['url', 'expiresAt', 'name', 'contentType'],
    properties: { url: { type: 'string' }, expiresAt: { type: 'integer', description: '毫秒时间戳' }, name: { type: 'string' }, contentType: { type: 'string' } },
  }),
};

export interface SignedQuery {
  expires: string;
  signature: string;
}

export const signedSchema = {
  tags: ['file'],
  summary: '按签名地址读取文件（inline）',
  params: { type: 'object', required: ['keyId'], properties: { keyId } },
  querystring: {
    type: 'object',
    required: ['expires', 'signature'],
    properties: { expires: { type: 'string', pattern: '^[0-9]{1,15}$' }, signature: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
  },
  response: binaryResponses('文件内容'),
};

export const copySchema = {
  tags: ['file'],
  summary: '复制文件（新的 keyId，同一份内容）',
  querystring: { type: 'object', required: ['keyId'], properties: { keyId }, additionalProperties: false },
  response: envelopeResponses(fileInfo),
};

export interface SaveBody {
  keyIds: string[];
  businessType: string;
  businessId: string;
}

export const saveSchema = {
  tags: ['file'],
  summary: '把已上传的文件关联到业务记录',
  body: {
    type: 'object',
    required: ['keyIds', 'businessType', 'businessId'],
    properties: {
      keyIds: { type: 'array', minItems: 1, maxItems: 50, items: keyId },
      businessType: { type: 'string', minLength: 1, maxLength: 64 },
      businessId: { type: 'string', minLength: 1, maxLength: 64 },
    },
    additionalProperties: false,
  },
  response: envelopeResponses({ type: 'array', items: fileInfo }),
};

export interface LockParams {
  fileId: string;
}

export interface LockQuery {
  access_token: string;
}

export const lockSchema = {
  tags: ['file'],
  summary: '文档编辑锁（WOPI）：X-WOPI-Override 为 LOCK、GET_LOCK、REFRESH_LOCK 或 UNLOCK，X-WOPI-Lock 为锁值',
  params: { type: 'object', required: ['fileId'], properties: { fileId: keyId } },
  querystring: { type: 'object', required: ['access_token'], properties: { access_token: { type: 'string', minLength: 1, maxLength: 200 } } },
  headers: {
    type: 'object',
    required: ['x-wopi-override'],
    properties: {
      'x-wopi-override': { type: 'string', enum: ['LOCK', 'GET_LOCK', 'REFRESH_LOCK', 'UNLOCK'] },
      'x-wopi-lock': { type: 'string', maxLength: 1024 },
    },
  },
  response: envelopeResponses({
    type: 'object',
    required: ['lock', 'expiresAt'],
    properties: { lock: { type: 'string', description: '当前锁值，未锁定为空' }, expiresAt: { type: ['integer', 'null'] } },
  }),
};

export interface TemplateQuery {
  code?: string;
}

export const templateSchema = {
  tags: ['file'],
  summary: '下载导入模板（.xlsx），code 为模板编码，如 USER_IMPORT',
  querystring: { type: 'object', properties: { code: { type: 'string', maxLength: 64 } } },
  response: binaryResponses('模板文件'),
};
