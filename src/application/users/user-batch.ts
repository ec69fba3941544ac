// 批量启用 / 批量停用 on 用户管理: the gateway changes one user a call, so the batch is one call per chosen
// user, one after another (a refusal of one — e.g. the signed-in account — does not stop the rest), and the
// person is told how many succeeded and which failed. Never a batch approval: only status, which each row
// allows on its own (BUSINESS.md keeps approvals one record at a time).
import type { UserStatus } from '../../domain/user/user-form';
import type { UserGateway } from '../ports/user-gateway.port';

export interface BatchTarget {
  userId: string;
  userName: string;
}

export interface BatchOutcome {
  succeeded: string[];
  failed: Array<{ userName: string; message: string }>;
}

export async function setStatusInBatch(
  gateway: Pick<UserGateway, 'updateUser'>,
  targets: readonly BatchTarget[],
  status: UserStatus,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { succeeded: [], failed: [] };
  for (const target of targets) {
    try {
      await gateway.updateUser(target.userId, { status });
      outcome.succeeded.push(target.userName);
    } catch (error) {
      outcome.failed.push({
        userName: target.userName,
        message: error instanceof Error && error.message ? error.message : '操作失败',
      });
    }
  }
  return outcome;
}

/** The sentence the person reads afterwards. */
export function batchSummary(action: string, outcome: BatchOutcome): string {
  const head = `${action}：成功 ${outcome.succeeded.length} 个`;
  if (outcome.failed.length === 0) return head;
  return `${head}，失败 ${outcome.failed.length} 个（${outcome.failed.map((f) => `${f.userName}：${f.message}`).join('；')}）`;
}
