import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResultCode } from '../../../../src/domain/gateway/result-codes';
import type { TestGateway } from '../../testing/test-gateway';
import { createTestGateway, databasesUnderTest, signIn } from '../../testing/test-gateway';
import { BUSY_MESSAGE, LOCKED_MESSAGE, lockKey, MAX_FAILURES, QUEUE_LENGTH, reserveAttempt } from './lockout';

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
    expect(await login('operator', 'wrong-password')).toMatchObject({
      status: 423,
      code: ResultCode.accountLocked,
      message: LOCKED_MESSAGE,
    });
    at(20 * MINUTE);
    expect(await login('operator', 'Operator@2026')).toMatchObject({
      code: ResultCode.accountLocked,
      message: '登录失败次数过多，请15分钟后再试',
    });
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

  it('checks at most 5 passwords when 100 wrong sign-ins for one name arrive at once', async () => {
    at(300 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 100 }, () => login('auditor', 'wrong-password')));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === ResultCode.badCredentials)).toHaveLength(MAX_FAILURES - 1);
    // Those that waited for the five are told of the lock the fifth set; those beyond the queue are told
    // to try again, never that the name is locked before it is.
    const locked = answers.filter((a) => a.code === ResultCode.accountLocked);
    const busy = answers.filter((a) => a.message === BUSY_MESSAGE);
    expect(locked.length).toBeGreaterThanOrEqual(1);
    expect(locked.every((a) => a.status === 423 && a.message === LOCKED_MESSAGE)).toBe(true);
    expect(busy.every((a) => a.status === 429)).toBe(true);
    expect(locked.length + busy.length).toBe(100 - (MAX_FAILURES - 1));
    expect((await login('auditor', 'Auditor@2026')).code).toBe(ResultCode.accountLocked);
  });

  it('lets ten simultaneous right sign-ins of one name all in', async () => {
    at(700 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 10 }, () => login('reviewer1', 'Staff@2026')));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(0));
    // And the name is not left counting: five wrong guesses afterwards still lock it, with the message.
    const wrong = [];
    for (let i = 0; i < MAX_FAILURES; i++) wrong.push(await login('reviewer1', 'wrong-password'));
    expect(wrong.slice(0, 4).map((a) => a.code)).toEqual(Array(4).fill(ResultCode.badCredentials));
    expect(wrong[4]).toMatchObject({ status: 423, code: ResultCode.accountLocked, message: LOCKED_MESSAGE });
  });

  it('queues sign-ins while five checks are out, and answers those beyond the queue busy, not locked', async () => {
    at(800 * MINUTE);
    // Five checks of the name held out (as by five slow requests of another gateway on the same database).
    const held = [];
    for (let i = 0; i < MAX_FAILURES; i++) held.push(await reserveAttempt(gw.db, lockKey('reviewer2'), clock));
    expect(held.map((a) => a?.number)).toEqual([1, 2, 3, 4, 5]);
    let busy = 0;
    const pending = Promise.all(
      Array.from({ length: QUEUE_LENGTH + 3 }, async () => {
        const answer = await login('reviewer2', 'Staff@2026');
        if (answer.status === 429) busy++;
        return answer;
      }),
    );
    // Those beyond the queue are answered at once, so the queue is full once they are (however long a loaded
    // machine takes to get there). Then the held checks end with a right password (the count starts again):
    // the queue goes in.
    await vi.waitUntil(() => busy === 3, { timeout: 30_000, interval: 20 });
    await gw.db.deleteFrom('login_attempt').where('user_name', '=', 'reviewer2').execute();
    const answers = await pending;
    expect(answers.filter((a) => a.code === 0)).toHaveLength(QUEUE_LENGTH);
    expect(answers.filter((a) => a.code !== 0)).toEqual(
      Array(3).fill(expect.objectContaining({ status: 429, message: BUSY_MESSAGE })),
    );
  });

  it('does not let the right password in behind a burst of wrong guesses', async () => {
    at(400 * MINUTE);
    const guess = (i: number) => (i === 30 ? 'Staff@2026' : 'wrong-password');
    const burst = Array.from({ length: 40 }, (_, i) => login('xh_zhangwei', guess(i)));
    const codes = (await Promise.all(burst)).map((a) => a.code);
    // However the attempts interleave, no more than 5 passwords are checked.
    const checked = codes.filter((c) => c === ResultCode.badCredentials || c === 0).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(codes.filter((c) => c === ResultCode.badCredentials).length).toBeLessThanOrEqual(MAX_FAILURES - 1);
  });

  it('treats a name in any case as one name: sign-in and lock alike', async () => {
    at(500 * MINUTE);
    expect((await login('ADMIN', 'Admin@2026')).code).toBe(0);
    expect((await login(' Admin ', 'Admin@2026')).code).toBe(0);
  });

  it('counts wrong current passwords on a password change like sign-in failures', async () => {
    at(600 * MINUTE);
    const me = await signIn(gw.app, 'xh_liuyang', 'Staff@2026');
    const change = (oldPassword: string) =>
      gw.app.inject({
        method: 'PUT',
        url: `/api/authcenter/base/user/pwd/${me.userId}`,
        headers: me.headers,
        payload: { userId: me.userId, oldPassword, newPassword: 'Changed@2026x', rePassword: 'Changed@2026x' },
      });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await change(`Guess@${i}2026`)).json());
    expect(answers.slice(0, 4).map((a) => a.code)).toEqual(Array(4).fill(ResultCode.invalidInput));
    expect(answers[4]).toMatchObject({ code: ResultCode.accountLocked, message: LOCKED_MESSAGE });
    expect(answers[5]).toMatchObject({ code: ResultCode.accountLocked, message: LOCKED_MESSAGE });
    // The right current password is not checked while locked, and sign-in is locked too.
    expect((await change('Staff@2026')).json().code).toBe(ResultCode.accountLocked);
    expect((await login('xh_liuyang', 'Staff@2026')).code).toBe(ResultCode.accountLocked);
  });

  it('counts unknown names exactly like known ones', async () => {
    at(200 * MINUTE);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await login('nobody-here', 'whatever1'));
    expect(answers.slice(0, 4).map((a) => a.code)).toEqual(Array(4).fill(ResultCode.badCredentials));
    expect(answers[4]).toMatchObject({ code: ResultCode.accountLocked, message: LOCKED_MESSAGE });
  });
});
