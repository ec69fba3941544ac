// SPEC §7.1 parameter encryption: base64( IV(16 bytes) ‖ AES-256-CBC/PKCS7(UTF-8 JSON text) ), keyed with the
// UTF-8 bytes of the 32-character key. This is obfuscation the spec demands, not security (DESIGN.md §2).
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newEncryptKey(): string {
  return Array.from({ length: 32 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}

export function encryptParams(value: unknown, key: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(key, 'utf8'), iv);
  return Buffer.concat([iv, cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]).toString('base64');
}

/** The parsed JSON, or undefined when the text does not decrypt or does not parse. */
export function decryptParams(base64: string, key: string): unknown {
  // A '+' that reached us unescaped in a query string arrives as a space; base64 has no spaces.
  const bytes = Buffer.from(base64.replace(/ /g, '+'), 'base64');
  if (bytes.length < 32 || bytes.length % 16 !== 0) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-cbc', Buffer.from(key, 'utf8'), bytes.subarray(0, 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
