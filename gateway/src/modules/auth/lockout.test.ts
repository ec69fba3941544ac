import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway, databasesUnderTest } from '../../testing/test-gateway';
import { LOCKED_MESSAGE } from './lockout';

const START = new Date('2026-03-02T01:00:00Z');
const MINUTE = 60_000;

describe.each(databasesUnderTest())('sign-in lockout on $name', ({ databaseUrl }) => {
  let gw: TestGateway;
  let clock = START;
  const at = (ms: number) => (clock = new Date(START.getTime() + ms));

  beforeAll(async () => {
    gw = await createTestGateway({ ...(databaseUrl ? { databaseUrl } : {}), now: () => clock });
  });
  afterAll(() => gw?.close());

  const login = async (username: string, password: string) => {
    const res = await gw.app.inject({ method: 'POST', url: '/api/authcenter/login', payload: { username, password } });
    return { status: res.statusCode, ...(res.json() as { code: number; message: string }) };
  };

  it('locks a name on its 5th failure within 15 minutes, refuses even the right password, and lets it in 15 minutes later', async () => {
    at(0);
    for (let i = 0; i < 4; i++) {
      at(i * 3 * MINUTE);
      expect((await login('operator', 'wrong-password')).code).toBe(ResultCode.badCredentials);
    }
    at(13 * MINUTE);
    expect(await login('operator', 'wrong-password')).toMatchObject({ status: 423, code: ResultCode.accountLocked, message: LOCKED_MESSAGE });
    at(20 * MINUTE);
    expect(await login('operator', 'Operator@2026')).toMatchObject({ code: ResultCode.accountLocked, message: '登录失败次数过多，请15分钟后再试' });
    // Another name is not affected, nor the same name spelt in another case… it is the same name.
    expect((await login('admin', 'Admin@2026')).code).toBe(0);
    expect((await login(' OPERATOR ', 'Operator@2026')).code).toBe(ResultCode.accountLocked);
    at(28 * MINUTE + 1);
    expect((await login('operator', 'Operator@2026')).code).toBe(0);
  });

  it('counts only failures within 15 minutes, and a success starts the count again', async () => {
    at(100 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login('supplier', 'nope-nope')).code).toBe(ResultCode.badCredentials);
    at(116 * MINUTE);
    expect((await login('supplier', 'nope-nope')).code).toBe(ResultCode.badCredentials);
    for (let i = 0; i < 3; i++) expect((await login('supplier', 'nope-nope')).code).toBe(ResultCode.badCredentials);
    expect((await login('supplier', 'Supplier@2026')).code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await login('supplier', 'nope-nope')).code).toBe(ResultCode.badCredentials);
    expect((await login('supplier', 'Supplier@2026')).code).toBe(0);
  });

  it('counts unknown names exactly like known ones', async () => {
    at(200 * MINUTE);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await login('nobody-here', 'whatever1'));
    expect(answers.slice(0, 4).map((a) => a.code)).toEqual(Array(4).fill(ResultCode.badCredentials));
    expect(answers[4]).toMatchObject({ code: ResultCode.accountLocked, message: LOCKED_MESSAGE });
  });
});
