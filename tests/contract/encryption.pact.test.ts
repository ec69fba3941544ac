// Parameter encryption as the gateway runs by default (ENCRYPT_ENABLED, SPEC §7.1, DESIGN.md §2): the client
// reads the key and the enabled flag, then sends its parameters as `{ "encryptData": "<base64>" }` under that
// key. The other pacts send plain parameters (the gateway accepts both); this one shows the gateway reads
// what the real client encrypts. Its provider gateway holds PACT_ENCRYPT_KEY (provider.verify.test.ts), and
// the IV is fixed here so that the recorded ciphertext is the same on every run.
import { MatchersV3 } from '@pact-foundation/pact';
import CryptoJS from 'crypto-js/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptParameters } from '../../src/adapters/gateway/parameter-cipher';
import { SessionGatewayAdapter } from '../../src/adapters/gateway/session-gateway.adapter';
import type { EncryptionSetting } from '../../src/domain/session/session';
import { createPact, httpClientFor, PACT_ENCRYPT_KEY, State } from './support/consumer';

const { integer, regex, string } = MatchersV3;

const ok = (data: unknown) => ({ code: 0, message: string('操作成功'), data });
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const CREDENTIALS = { username: 'admin', password: 'Admin@2026' };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parameter encryption contract', () => {
  it('reads the key with encryption on, and signs in with the credentials encrypted under it', async () => {
    let setting: EncryptionSetting | undefined;
    await createPact()
      .addInteraction()
      .given(State.seeded)
      .uponReceiving('a request for the parameter encryption key, encryption on')
      .withRequest('GET', '/api/gateway/encryptKey')
      .willRespondWith(200, (b) => b.jsonBody(ok({ key: regex(/^[A-Za-z0-9]{32}$/, PACT_ENCRYPT_KEY), enabled: true })))
      .executeTest(async (mock) => {
        setting = await new SessionGatewayAdapter(httpClientFor(mock.url).http).loadEncryption();
        expect(setting).toEqual({ key: PACT_ENCRYPT_KEY, enabled: true });
      });

    const iv = CryptoJS.lib.WordArray.create([0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f], 16);
    vi.spyOn(CryptoJS.lib.WordArray, 'random').mockImplementation(() => iv.clone());
    const encrypted = encryptParameters(CREDENTIALS, PACT_ENCRYPT_KEY);
    await createPact()
      .addInteraction()
      .given(State.seeded)
      .uponReceiving('a sign-in with its credentials encrypted')
      .withRequest('POST', '/api/authcenter/login', (b) => b.jsonBody({ encryptData: regex(BASE64, encrypted) }))
      .willRespondWith(200, (b) =>
        b.jsonBody(
          ok({
            token: string('q8Zk3n'),
            tenantId: string('1000000000000000001'),
            nickName: string('平台管理员'),
            expiresIn: integer(7200),
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { http } = httpClientFor(mock.url);
        http.setEncryption(setting!);
        const signedIn = await new SessionGatewayAdapter(http).signIn(CREDENTIALS);
        expect(signedIn.nickName).toBe('平台管理员');
      });
  });
});
