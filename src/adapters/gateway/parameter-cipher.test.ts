import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptParameters } from './parameter-cipher';

// The gateway decrypts with node:crypto; this proves the two ends agree on the format.
function decrypt(base64: string, key: string): unknown {
  const bytes = Buffer.from(base64, 'base64');
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(key, 'utf8'), bytes.subarray(0, 16));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8'));
}

describe('encryptParameters', () => {
  const key = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';

  it('produces IV ‖ AES-256-CBC ciphertext that node:crypto decrypts to the same JSON', () => {
    const value = { username: '华东建材', password: 'Supplier@2026', keyIds: ['1', '2'] };
    expect(decrypt(encryptParameters(value, key), key)).toEqual(value);
  });

  it('uses a fresh IV each time', () => {
    expect(encryptParameters({ a: 1 }, key)).not.toBe(encryptParameters({ a: 1 }, key));
  });
});
