import { describe, expect, it, vi } from 'vitest';
import { batchSummary, setStatusInBatch } from './user-batch';

describe('batch status of users', () => {
  it('calls once per chosen user, keeps going after a refusal, and reports both', async () => {
    const updateUser = vi.fn(async (userId: string) => {
      if (userId === 'u2') throw new Error('不能停用当前登录的账号');
    });
    const outcome = await setStatusInBatch(
      { updateUser },
      [
        { userId: 'u1', userName: 'zhangsan' },
        { userId: 'u2', userName: 'admin' },
        { userId: 'u3', userName: 'lisi' },
      ],
      'DISABLED',
    );
    expect(updateUser.mock.calls).toEqual([
      ['u1', { status: 'DISABLED' }],
      ['u2', { status: 'DISABLED' }],
      ['u3', { status: 'DISABLED' }],
    ]);
    expect(outcome).toEqual({
      succeeded: ['zhangsan', 'lisi'],
      failed: [{ userName: 'admin', message: '不能停用当前登录的账号' }],
    });
    expect(batchSummary('批量停用', outcome)).toBe('批量停用：成功 2 个，失败 1 个（admin：不能停用当前登录的账号）');
  });

  it('says only the successes when nothing failed', async () => {
    const outcome = await setStatusInBatch(
      { updateUser: vi.fn(async () => undefined) },
      [{ userId: 'u1', userName: 'zhangsan' }],
      'ENABLED',
    );
    expect(batchSummary('批量启用', outcome)).toBe('批量启用：成功 1 个');
  });
});
