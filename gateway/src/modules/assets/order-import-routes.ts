// 导入付款单: the template and the upload (multipart, one .xlsx of at most 5 MB), bounded before parsing.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { PAYMENT_ORDER_PATH } from '../../../../src/domain/assets/payment-order.resource';
import type { GatewayDeps } from '../../deps';
import { sessionOf } from '../../plugins/auth-guard';
import { type JsonSchema, envelopeResponses, invalidInput, ok } from '../../plugins/envelope';
import { contentDisposition } from '../file/file-names';
import {
  ORDER_IMPORT_MAX_BYTES,
  ORDER_IMPORT_MAX_ROWS,
  ORDER_IMPORT_MAX_UNPACKED,
  importOrders,
  orderTemplate,
  readOrderRows,
} from './import-orders';
import { checkXlsxBounds } from './xlsx-bound';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const importSchema = {
  tags: ['assets'],
  summary: '按付款单导入模板导入（multipart，一个 .xlsx 文件，至多1000行）；逐行报告错误，通过的行导入',
  response: envelopeResponses({
    type: 'object',
    required: ['total', 'imported', 'errors'],
    additionalProperties: false,
    properties: {
      total: { type: 'integer' },
      imported: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: { row: { type: 'integer' }, orderNo: { type: 'string' } },
        },
      },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          properties: { row: { type: 'integer' }, message: { type: 'string' } },
        },
      },
    },
  } as JsonSchema),
};

export const orderImportRoutes: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: ORDER_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 100 },
  });

  app.get(
    '/api/assets/paymentOrder/template',
    {
      config: { access: { menu: PAYMENT_ORDER_PATH, op: 'import' } },
      schema: { tags: ['assets'], summary: '付款单导入模板（xlsx）' },
    },
    async (_request, reply) =>
      reply
        .header('content-type', XLSX)
        .header('content-disposition', contentDisposition('attachment', '付款单导入模板.xlsx'))
        .send(await orderTemplate()),
  );

  app.post(
    '/api/assets/paymentOrder/import',
    { config: { access: { menu: PAYMENT_ORDER_PATH, op: 'import' } }, schema: importSchema },
    async (request) => {
      const { tenantId, userId } = sessionOf(request);
      if (!request.isMultipart()) throw invalidInput('请使用 multipart/form-data 上传文件');
      let file: Awaited<ReturnType<typeof request.file>>;
      try {
        file = await request.file();
      } catch {
        throw invalidInput('上传内容不正确');
      }
      if (!file) throw invalidInput('请选择要导入的文件');
      if (!/\.xlsx$/i.test(file.filename)) throw invalidInput('文件格式不正确，只能上传格式为【xlsx】的文件');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw invalidInput('导入文件不能超过5MB');
      }
      if (bytes.length === 0) throw invalidInput('不能上传空文件，请重新上传');
      const bound = checkXlsxBounds(bytes, {
        maxUnpackedBytes: ORDER_IMPORT_MAX_UNPACKED,
        maxEntries: 1000,
        maxRows: ORDER_IMPORT_MAX_ROWS,
      });
      if (!bound.ok) {
        throw invalidInput(
          bound.reason === 'notZip'
            ? '文件不是有效的 Excel（.xlsx）文件'
            : bound.reason === 'tooManyRows'
              ? `一次最多导入${ORDER_IMPORT_MAX_ROWS}条付款单`
              : '文件解压后过大，请拆分后导入',
        );
      }
      const rows = await readOrderRows(bytes);
      if (typeof rows === 'string') throw invalidInput(rows);
      return ok(await importOrders(deps.db, { tenantId, userId, now: deps.now() }, rows));
    },
  );
};
