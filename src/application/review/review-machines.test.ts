import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { defaultAuditType } from '../../domain/financing/review';
import { GatewayError } from '../ports/gateway-error';
import type { AuditTypeRow, ReviewGateway } from '../ports/review-gateway.port';
import { AUDIT_TYPE_SAVED, createAuditTypeConfigMachine } from './audit-type-config.machine';
import type { ReviewType } from '../../domain/financing/stages';

const row = (code: ReviewType, version = 1): AuditTypeRow => ({
  ...defaultAuditType(code),
  levels: [...defaultAuditType(code).levels],
  version,
  updatedAt: '2026-11-22T10:00:00Z',
  updatedByName: '',
});

function configSetup(save: ReviewGateway['saveAuditType']) {
  const review = {
    auditTypes: vi.fn(async () => [row('PRE_CREDIT'), row('PUSH')]),
    auditTypeCandidates: vi.fn(async () => ({ roles: [{ code: 'BIZ_REVIEWER', name: '业务复核' }], users: [] })),
    saveAuditType: vi.fn(save),
  };
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  const actor = createActor(createAuditTypeConfigMachine({ review, notifier })).start();
  return { review, notifier, actor };
}

describe('audit type config machine', () => {
  it('loads, edits one type and saves it under its version', async () => {
    const { review, notifier, actor } = configSetup(async (code, change) => ({
      ...row(code, change.version + 1),
      enabled: change.enabled,
    }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.types).toHaveLength(2);
    actor.send({ type: 'EDIT', code: 'PUSH' });
    const saved = vi.fn();
    actor.on('saved', saved);
    actor.send({ type: 'SAVE', change: { enabled: false, levels: row('PUSH').levels, version: 1 } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.editing === null);
    expect(review.saveAuditType).toHaveBeenCalledWith('PUSH', {
      enabled: false,
      levels: row('PUSH').levels,
      version: 1,
    });
    expect(actor.getSnapshot().context.types[1]).toMatchObject({ code: 'PUSH', enabled: false, version: 2 });
    expect(notifier.success).toHaveBeenCalledWith(AUDIT_TYPE_SAVED);
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('does not send a configuration checkAuditType refuses, and says why', async () => {
    const { review, actor } = configSetup(async () => row('PUSH'));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'EDIT', code: 'PUSH' });
    actor.send({ type: 'SAVE', change: { enabled: true, levels: [], version: 1 } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.problems).toEqual(['审核类型未配置审核级次']);
    expect(review.saveAuditType).not.toHaveBeenCalled();
  });

  it('reloads after a stale save and closes the editor; another refusal keeps it open', async () => {
    let answer: Error = new GatewayError(160300409, '审核类型配置已被他人修改，请刷新后重试');
    const { review, actor } = configSetup(async () => {
      throw answer;
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'EDIT', code: 'PUSH' });
    actor.send({ type: 'SAVE', change: { enabled: true, levels: row('PUSH').levels, version: 1 } });
    await waitFor(actor, (s) => s.matches('ready') && review.auditTypes.mock.calls.length === 2);
    expect(actor.getSnapshot().context.editing).toBeNull();
    answer = new GatewayError(160300400, '第1级的角色不存在或已停用：X');
    actor.send({ type: 'EDIT', code: 'PUSH' });
    actor.send({ type: 'SAVE', change: { enabled: true, levels: row('PUSH').levels, version: 1 } });
    await waitFor(actor, (s) => s.matches('ready') && review.saveAuditType.mock.calls.length === 2);
    expect(actor.getSnapshot().context.editing).toBe('PUSH');
    expect(review.auditTypes).toHaveBeenCalledTimes(2);
  });
});
