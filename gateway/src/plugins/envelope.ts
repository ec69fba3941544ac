// Every answer is the envelope `{ code, message, data }` of DESIGN.md §2, with the HTTP status mirroring the
// code. One error handler turns everything thrown — our AppError, Fastify's validation and body-parser
// errors, and anything unexpected — into that envelope; an unexpected error is logged with its stack and
// answered with the generic 160300500 message, so no stack trace or SQL text ever reaches a client.
import type { FastifyError, FastifyPluginAsync, FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../db/engine';
import { CALENDAR_DATE_MAX, CALENDAR_DATE_MIN } from '../../../src/domain/calendar/calendar-date';
import { CALENDAR_DATE_FORMAT } from '../schemas/common';
import type { ResultCodeValue } from '../../../src/domain/gateway/result-codes';
import { ResultCode, SESSION_EXPIRED_MESSAGE } from '../../../src/domain/gateway/result-codes';

export const SUCCESS_MESSAGE = '操作成功';

const HTTP_STATUS: Record<ResultCodeValue, number> = {
  [ResultCode.ok]: 200,
  [ResultCode.badCredentials]: 401,
  [ResultCode.accountLocked]: 423,
  [ResultCode.forbidden]: 403,
  [ResultCode.sessionExpired]: 401,
  [ResultCode.invalidInput]: 400,
  [ResultCode.notFound]: 404,
  [ResultCode.staleVersion]: 409,
  [ResultCode.internal]: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ResultCodeValue,
    message: string,
    /** Only where the HTTP status should differ from the code's usual one (413 for an oversize body). */
    readonly httpStatus: number = HTTP_STATUS[code],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const sessionExpired = () => new AppError(ResultCode.sessionExpired, SESSION_EXPIRED_MESSAGE);
export const forbidden = () => new AppError(ResultCode.forbidden, '无权限访问');
export const invalidInput = (message: string) => new AppError(ResultCode.invalidInput, message);
export const notFound = (message = '接口不存在') => new AppError(ResultCode.notFound, message);

/** While PostgreSQL is away or silent (DESIGN.md §2): a 503 the client can retry, never a dead process. */
export const DATABASE_UNAVAILABLE_MESSAGE = '数据库暂时不可用，请稍后重试';
export const REQUEST_TIMEOUT_MESSAGE = '请求处理超时，请稍后重试';
export const BAD_URL_MESSAGE = '请求地址不合法';

export function ok<T>(data: T): { code: 0; message: string; data: T } {
  return { code: ResultCode.ok, message: SUCCESS_MESSAGE, data };
}

// ---- response schemas -------------------------------------------------------------------------------

export type JsonSchema = Record<string, unknown>;

const errorEnvelope = {
  type: 'object',
  description: '失败：code 为 1603xxxxx 错误码，message 为中文说明',
  required: ['code', 'message', 'data'],
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data: { type: 'null' } },
} as const;

/** The 200 envelope around `data` (a JSON schema, TypeBox's included), plus the error envelope for 4xx and 5xx. */
export function envelopeResponses(data: object): Record<string, JsonSchema> {
  return {
    200: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: { code: { type: 'integer', enum: [0] }, message: { type: 'string' }, data },
    },
    '4xx': errorEnvelope,
    '5xx': errorEnvelope,
  };
}

// ---- validation messages ----------------------------------------------------------------------------

const PART_NAMES: Record<SchemaErrorDataVar, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};
const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

/** Fastify's `schemaErrorFormatter`: a Chinese message naming the offending field (DESIGN.md §2). */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: SchemaErrorDataVar): Error {
  const error = errors[0];
  return new Error(`参数校验失败：${error ? describe(error, dataVar) : PART_NAMES[dataVar] + ' 不合法'}`);
}

function describe(error: FastifySchemaValidationError, dataVar: SchemaErrorDataVar): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const p = error.params;
  if (error.keyword === 'required') path.push(String(p.missingProperty));
  const field = path.length ? path.join('.') : PART_NAMES[dataVar];
  switch (error.keyword) {
    case 'required':
      return `${field} 不能为空`;
    case 'type': {
      const types = String(p.type)
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t)
        .join('或');
      return `${field} 应为${types}`;
    }
    case 'minLength':
      return Number(p.limit) <= 1 ? `${field} 不能为空` : `${field} 长度不能少于 ${String(p.limit)} 个字符`;
    case 'maxLength':
      return `${field} 长度不能超过 ${String(p.limit)} 个字符`;
    case 'minimum':
      return `${field} 不能小于 ${String(p.limit)}`;
    case 'maximum':
      return `${field} 不能大于 ${String(p.limit)}`;
    case 'minItems':
      return `${field} 至少需要 ${String(p.limit)} 项`;
    case 'maxItems':
      return `${field} 最多 ${String(p.limit)} 项`;
    case 'enum':
    case 'const':
      return `${field} 取值不在允许范围内`;
    case 'format':
      if (p.format === CALENDAR_DATE_FORMAT)
        return `${field} 应为存在的日期（YYYY-MM-DD，${CALENDAR_DATE_MIN} 至 ${CALENDAR_DATE_MAX}）`;
      return `${field} 格式不正确`;
    case 'pattern':
      return `${field} 格式不正确`;
    case 'additionalProperties':
      return `不支持的参数 ${[...path, String(p.additionalProperty)].join('.')}`;
    default:
      return `${field} 不合法`;
  }
}

// ---- the handlers -----------------------------------------------------------------------------------

function envelopeFor(
  error: FastifyError | AppError,
): { status: number; code: ResultCodeValue; message: string } | null {
  if (error instanceof AppError) return { status: error.httpStatus, code: error.code, message: error.message };
  if (error.validation) return { status: 400, code: ResultCode.invalidInput, message: error.message };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: ResultCode.invalidInput, message: '请求体过大' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, code: ResultCode.invalidInput, message: '不支持的请求内容类型' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: ResultCode.invalidInput, message: '请求体不能为空' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: ResultCode.invalidInput, message: '请求体不是合法的 JSON' };
    case 'FST_ERR_HANDLER_TIMEOUT':
      return { status: 503, code: ResultCode.internal, message: REQUEST_TIMEOUT_MESSAGE };
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: ResultCode.invalidInput, message: BAD_URL_MESSAGE };
  }
  // A character the database's encoding cannot hold, should one slip past the guard above.
  if (error.code === '22021' || error.code === '22P05') {
    return { status: 400, code: ResultCode.invalidInput, message: NUL_MESSAGE };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, code: ResultCode.internal, message: DATABASE_UNAVAILABLE_MESSAGE };
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return { status: 404, code: ResultCode.notFound, message: '接口不存在' };
  if (status >= 400 && status < 500) return { status: 400, code: ResultCode.invalidInput, message: '请求参数不合法' };
  return null;
}

// ---- input no column can hold -------------------------------------------------------------------------

export const NUL_MESSAGE = '参数校验失败：不能包含空字符';

/**
 * Whether a NUL character hides anywhere in a parsed body, query or path (keys included). PostgreSQL text
 * cannot hold one, so it would fail deep in a query; walked with a stack so deep nesting costs no recursion.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const item = stack.pop();
    if (++visited > 1_000_000) return false;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      for (const [key, element] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(element);
      }
    }
  }
  return false;
}

export const envelopePlugin: FastifyPluginAsync = fp(
  async (app) => {
    // One guard for every route (SPEC §7.1 invalid input): after decryption and validation, before any handler.
    app.addHook('preHandler', async (request) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        throw invalidInput(NUL_MESSAGE);
      }
    });
    app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
      const known = envelopeFor(error);
      if (known?.status === 503) request.log.warn({ err: error }, 'service unavailable');
      if (known) return reply.code(known.status).send({ code: known.code, message: known.message, data: null });
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ code: ResultCode.internal, message: '系统繁忙，请稍后再试', data: null });
    });
    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ code: ResultCode.notFound, message: '接口不存在', data: null });
    });
  },
  { name: 'envelope' },
);
