// DESIGN.md §2 parameter encryption: base64(IV(16) ‖ AES-256-CBC/PKCS7(JSON text)) under the UTF-8 bytes
// of the gateway's 32-character key. Obfuscation the spec asks for, not security: TLS and the gateway's
// checks are the security. Only the AES, base64 and UTF-8 parts of crypto-js are imported (CBC and PKCS7
// are its defaults).
import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import Base64 from 'crypto-js/enc-base64';
import Utf8 from 'crypto-js/enc-utf8';

export function encryptParameters(value: unknown, key: string): string {
  const iv = CryptoJS.lib.WordArray.random(16);
  const cipher = AES.encrypt(Utf8.parse(JSON.stringify(value)), Utf8.parse(key), { iv });
  return Base64.stringify(iv.clone().concat(cipher.ciphertext));
}
