// Encrypted parameters (SPEC §7.1): a JSON body `{ "encryptData": "<base64>" }` or a query `encryptData=<base64>`
// is replaced by the JSON it decrypts to. preValidation runs after body parsing and before schema
// validation, so the route's schemas check the decrypted values. Plain parameters are always accepted too.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayDeps } from '../deps';
import { decryptParams } from '../modules/gateway/param-cipher';
import { invalidInput } from './envelope';

const undecryptable = () => invalidInput('参数解密失败');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A decrypted query holds JSON values; a plain query string only ever yields strings. Query schemas are
// written for the latter, so scalars become their text as they would have been on the URL.
function asQueryValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asQueryValue);
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const paramDecryption: FastifyPluginAsync<GatewayDeps> = async (app, deps) => {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (isPlainObject(body) && typeof body.encryptData === 'string' && Object.keys(body).length === 1) {
      const decrypted = decryptParams(body.encryptData, deps.encryptKey);
      if (decrypted === undefined) throw undecryptable();
      request.body = decrypted;
    }
    const query = request.query;
    if (isPlainObject(query) && query.encryptData !== undefined) {
      const { encryptData, ...plain } = query;
      const decrypted = typeof encryptData === 'string' ? decryptParams(encryptData, deps.encryptKey) : undefined;
      if (!isPlainObject(decrypted)) throw undecryptable();
      request.query = {
        ...plain,
        ...Object.fromEntries(Object.entries(decrypted).map(([k, v]) => [k, asQueryValue(v)])),
      };
    }
  });
};

export const paramDecryptionPlugin = fp(paramDecryption, { name: 'param-decryption', dependencies: ['envelope'] });
