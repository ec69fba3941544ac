import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PAYMENT_ORDER, PaymentOrderMessage } from '../../domain/assets/payment-order.resource';
import { PERSONAL_CERTIFICATION } from '../../domain/certification/certification.resource';
import type { ResourceRecord } from '../../domain/resource/resource';
import { NEGATIVE_OPINION } from '../../domain/risk/negative-opinion.resource';
import type { ResourceGateway } from '../ports/resource-gateway.port';
import { DELETE_ACTION, createResourceActionMachine } from './resource-action.machine';
import { createResourceFormMachine } from './resource-form.machine';

const record = (over: Partial<ResourceRecord> = {}): ResourceRecord =>
  ({
    keyId: 'r1',
    status: 'PENDING',
    version: 3,
    personName: '张三',
    residentId: '11010519491231002X',
    mobile: '13700001234',
    ...over,
  }) as ResourceRecord;

const clock = { now: () => new Date() };

function fakes() {
  const gateway = {
    page: vi.fn(),
    get: vi.fn(),
    exportList: vi.fn(),
    options: vi.fn(async () => []),
    history: vi.fn(async () => []),
    create: vi.fn(async () => record()),
    update: vi.fn(async () => record()),
    remove: vi.fn(async () => undefined),
    transition: vi.fn(async () => record({ status: 'REJECTED' })),
  } satisfies ResourceGateway;
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() };
  return { gateway, notifier, onSaved: vi.fn(), onChanged: vi.fn(), clock };
}

describe('the resource form flow', () => {
  it('checks as typed, warns on an invalid 提交 and sends nothing, then creates a valid form', async () => {
    const f = fakes();
    const actor = createActor(createResourceFormMachine({ def: PERSONAL_CERTIFICATION, ...f })).start();
    actor.send({ type: 'OPEN_CREATE' });
    actor.send({ type: 'CHANGE', key: 'residentId', text: '110105194912310021' });
    expect(actor.getSnapshot().context.errors).toEqual({ residentId: '请输入正确的身份证号码' });
    actor.send({ type: 'SUBMIT' });
    expect(f.notifier.warning).toHaveBeenCalledWith('请完善表格输入');
    expect(actor.getSnapshot().context.errors.personName).toBe('请输入姓名');
    expect(f.gateway.create).not.toHaveBeenCalled();
    actor.send({ type: 'CHANGE', key: 'personName', text: '张三' });
    actor.send({ type: 'CHANGE', key: 'residentId', text: '11010519491231002x' });
    actor.send({ type: 'CHANGE', key: 'mobile', text: '13700001234' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(f.gateway.create).toHaveBeenCalledWith(PERSONAL_CERTIFICATION, {
      personName: '张三',
      residentId: '11010519491231002X',
      mobile: '13700001234',
    });
    expect(f.onSaved).toHaveBeenCalled();
  });

  it('sends an edit with the version read, and keeps the dialog when the gateway refuses', async () => {
    const f = fakes();
    f.gateway.update.mockRejectedValueOnce(new Error('stale'));
    const opinion = {
      keyId: 'o1',
      status: 'PENDING',
      version: 4,
      enterpriseName: '甲公司',
      title: '标题',
      source: '网',
      riskLevel: 'LOW',
      publishedOn: '2026-01-02',
      url: null,
      summary: null,
      handling: null,
    } as ResourceRecord;
    const actor = createActor(createResourceFormMachine({ def: NEGATIVE_OPINION, ...f })).start();
    actor.send({ type: 'OPEN_EDIT', record: opinion });
    expect(actor.getSnapshot().context.texts.title).toBe('标题');
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(f.gateway.update).toHaveBeenCalledWith(
      NEGATIVE_OPINION,
      'o1',
      expect.objectContaining({ title: '标题' }),
      4,
    );
    expect(f.onSaved).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'OPEN_CREATE' })).toBe(false);
  });
});

describe('the resource action flow', () => {
  it('asks for a required comment before a transition, then sends it with the version', async () => {
    const f = fakes();
    const actor = createActor(createResourceActionMachine({ def: PERSONAL_CERTIFICATION, ...f })).start();
    actor.send({ type: 'REQUEST', record: record(), action: 'reject' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error).toBe('请输入驳回意见');
    expect(f.gateway.transition).not.toHaveBeenCalled();
    actor.send({ type: 'COMMENT', value: '照片不清晰' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(f.gateway.transition).toHaveBeenCalledWith(PERSONAL_CERTIFICATION, 'r1', 'reject', 3, '照片不清晰', {});
    expect(f.notifier.success).toHaveBeenCalledWith('驳回成功');
    expect(f.onChanged).toHaveBeenCalled();
  });

  it('deletes after confirmation, and cancelling sends nothing', async () => {
    const f = fakes();
    const actor = createActor(createResourceActionMachine({ def: NEGATIVE_OPINION, ...f })).start();
    actor.send({ type: 'REQUEST', record: record({ keyId: 'o9', version: 1 }), action: DELETE_ACTION });
    actor.send({ type: 'CANCEL' });
    expect(f.gateway.remove).not.toHaveBeenCalled();
    actor.send({ type: 'REQUEST', record: record({ keyId: 'o9', version: 1 }), action: DELETE_ACTION });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(f.gateway.remove).toHaveBeenCalledWith(NEGATIVE_OPINION, 'o9', 1);
    expect(actor.getSnapshot().can({ type: 'CONFIRM' })).toBe(false);
  });

  it("checks a transition's own fields as typed values, then sends them in 分 with the action (确权)", async () => {
    const f = fakes();
    const actor = createActor(createResourceActionMachine({ def: PAYMENT_ORDER, ...f })).start();
    const order = record({
      keyId: 'p1',
      status: 'CONFIRMING',
      version: 2,
      orderNo: 'FK1',
      receivableAmount: 100_000_000,
      paidAmount: 20_000_000,
    });
    actor.send({ type: 'REQUEST', record: order, action: 'confirm' });
    expect(actor.getSnapshot().context.inputs).toEqual({ confirmEvidence: 'CONFIRMATION_LETTER', confirmedAmount: '' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.inputErrors).toEqual({ confirmedAmount: '请输入确权金额' });
    actor.send({ type: 'INPUT', key: 'confirmedAmount', text: '800,000.01' });
    actor.send({ type: 'CONFIRM' });
    const over = PaymentOrderMessage.confirmedOver('800,000.00');
    expect(actor.getSnapshot().context.inputErrors).toEqual({ confirmedAmount: over });
    expect(f.gateway.transition).not.toHaveBeenCalled();
    actor.send({ type: 'INPUT', key: 'confirmEvidence', text: 'COMMERCIAL_BILL' });
    actor.send({ type: 'INPUT', key: 'confirmedAmount', text: '800000' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(f.gateway.transition).toHaveBeenCalledWith(PAYMENT_ORDER, 'p1', 'confirm', 2, '', {
      confirmEvidence: 'COMMERCIAL_BILL',
      confirmedAmount: 80_000_000,
    });
    expect(f.notifier.success).toHaveBeenCalledWith('确权成功');
  });
});
