import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { RISK_SUMMARY } from '../../domain/parameters/risk-summary.resource';
import type { ResourceRecord } from '../../domain/resource/resource';
import type { ParametersGateway } from '../ports/parameters-gateway.port';
import { createSummaryParameterMachine } from './summary-parameter.machine';

const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn() };
const clock = { now: () => new Date() };
const active: ResourceRecord = {
  keyId: 's3',
  status: 'ACTIVE',
  version: 3,
  versionNo: 3,
  ...RISK_SUMMARY.sample,
  changeSummary: '集团总额度：…',
  approvedByName: '平台管理员',
  approvedAt: '2026-09-01T02:00:00.000Z',
};
const gatewayOf = (over: Partial<ParametersGateway> = {}) => ({
  activeSummary: vi.fn(async () => active),
  saveSummary: vi.fn(async () => ({ ...active, keyId: 's4', version: 4, versionNo: 4, graceDays: 10 })),
  ...over,
});

describe('summary parameter machine', () => {
  it('shows the version in force and saves the next one with the version read', async () => {
    const gateway = gatewayOf();
    const actor = createActor(createSummaryParameterMachine({ gateway, notifier, clock })).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.texts.supplierMaxExposure).toBe('50,000,000.00');
    expect(actor.getSnapshot().context.texts.maxFinancingRatio).toBe('0.8000');
    actor.send({ type: 'CHANGE', key: 'graceDays', text: '10' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.active?.version === 4);
    expect(gateway.saveSummary).toHaveBeenCalledWith(
      expect.objectContaining({ graceDays: 10, supplierMaxExposure: 50_000_000_00 }),
      3,
    );
    expect(notifier.success).toHaveBeenCalledWith('已保存为第4版');
  });

  it('does not save a form that breaks a rule, and says which field', async () => {
    const gateway = gatewayOf();
    const actor = createActor(createSummaryParameterMachine({ gateway, notifier, clock })).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', key: 'maxFinancingRatio', text: '0.95' });
    expect(actor.getSnapshot().context.errors.maxFinancingRatio).toBe('最高融资比例不能大于90%');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(gateway.saveSummary).not.toHaveBeenCalled();
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().context.texts.maxFinancingRatio).toBe('0.8000');
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('keeps what was typed when the save is refused, and fails to load without a version in force', async () => {
    const refusal = vi.fn(async () => Promise.reject(new Error('stale')));
    const refused = gatewayOf({ saveSummary: refusal });
    const actor = createActor(createSummaryParameterMachine({ gateway: refused, notifier, clock })).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', key: 'graceDays', text: '12' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && refusal.mock.calls.length === 1);
    expect(actor.getSnapshot().context.texts.graceDays).toBe('12');
    expect(actor.getSnapshot().context.active?.version).toBe(3);

    const none = gatewayOf({ activeSummary: vi.fn(async () => Promise.reject(new Error('none'))) });
    const empty = createActor(createSummaryParameterMachine({ gateway: none, notifier, clock })).start();
    await waitFor(empty, (s) => s.matches('failed'));
    expect(empty.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    expect(empty.getSnapshot().can({ type: 'RETRY' })).toBe(true);
  });
});
