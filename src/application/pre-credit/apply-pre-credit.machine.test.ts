import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { OrderChoice, PreCreditDraft, PreCreditGateway } from '../ports/pre-credit-gateway.port';
import { createApplyPreCreditMachine } from './apply-pre-credit.machine';

const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn(), info: vi.fn() };
const choice: OrderChoice = {
  records: [
    {
      keyId: 'o1',
      orderNo: 'FK001',
      projectCompanyName: '苏州远景置业有限公司',
      dueDate: '2027-01-31',
      eligibleAmount: 100_000_00,
    },
    { keyId: 'o2', orderNo: 'FK002', projectCompanyName: null, dueDate: '2027-02-28', eligibleAmount: 50_000_00 },
  ],
  ratio: '0.8000',
  consent: true,
  locked: false,
};
const draft: PreCreditDraft = {
  keyId: 'b1',
  preCreditNo: 'YS202611220001',
  supplierId: 's1',
  projectCompanyId: null,
  applyAmount: 120_000_00,
  validDays: 90,
  status: 'DRAFT',
  version: 2,
  basisOrderIds: ['o1', 'gone'],
  basisOrders: [
    { keyId: 'gone', orderNo: 'FK009', projectCompanyName: null, dueDate: '2027-03-31', eligibleAmount: 0 },
  ],
};
const gatewayOf = (over: Partial<PreCreditGateway> = {}) => {
  const gateway: PreCreditGateway = {
    options: vi.fn(async (key: 'supplierId' | 'projectCompanyId') =>
      key === 'supplierId' ? [{ keyId: 's1', name: '华东建材有限公司' }] : [],
    ),
    orders: vi.fn(async () => choice),
    get: vi.fn(async () => draft),
    create: vi.fn(async () => ({ ...draft, version: 1 })),
    update: vi.fn(async () => ({ ...draft, version: 3 })),
    submit: vi.fn(async () => undefined),
    ...over,
  };
  return gateway;
};

describe('申请预授信 machine', () => {
  it('picks the only supplier, reads its orders, saves the draft and submits it', async () => {
    const gateway = gatewayOf();
    const actor = createActor(createApplyPreCreditMachine({ gateway, notifier }), { input: {} }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.texts.supplierId).toBe('s1');
    expect(actor.getSnapshot().context.orders.map((o) => o.keyId)).toEqual(['o1', 'o2']);
    actor.send({ type: 'CHANGE', key: 'amount', text: '100,000.00' });
    actor.send({ type: 'TOGGLE', keyId: 'o1' });
    actor.send({ type: 'TOGGLE', keyId: 'o2' });
    actor.send({ type: 'TOGGLE', keyId: 'o2' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(gateway.create).toHaveBeenCalledWith({
      supplierId: 's1',
      projectCompanyId: null,
      applyAmount: 100_000_00,
      basisOrderIds: ['o1'],
      validDays: 90,
    });
    expect(gateway.submit).toHaveBeenCalledWith('b1', 1);
  });

  it('opens a draft with its kept orders; a refused 提交 keeps the saved draft for another try', async () => {
    const gateway = gatewayOf({ submit: vi.fn(async () => Promise.reject(new Error('超过上限'))) });
    const actor = createActor(createApplyPreCreditMachine({ gateway, notifier }), { input: { keyId: 'b1' } }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    const c = actor.getSnapshot().context;
    expect(c.texts).toMatchObject({ supplierId: 's1', amount: '120000.00', validDays: '90' });
    expect(c.orders.map((o) => o.keyId)).toEqual(['gone', 'o1', 'o2']);
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.version === 3);
    expect(gateway.update).toHaveBeenCalledWith('b1', expect.objectContaining({ applyAmount: 120_000_00 }), 2);
    expect(actor.getSnapshot().context.keyId).toBe('b1');
  });

  it('does not save a form with errors, and names them', async () => {
    const gateway = gatewayOf();
    const actor = createActor(createApplyPreCreditMachine({ gateway, notifier }), { input: {} }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'CHANGE', key: 'validDays', text: '0' });
    expect(actor.getSnapshot().can({ type: 'SAVE' })).toBe(true);
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toMatchObject({ amount: '请输入申请额度' });
    expect(gateway.create).not.toHaveBeenCalled();
    expect(notifier.warning).toHaveBeenCalled();
  });

  it('drops a chosen order the 项目公司 filter hides, so it is not submitted unseen', async () => {
    const nanjing: OrderChoice = { ...choice, records: [choice.records[1]!] };
    const gateway = gatewayOf({
      orders: vi.fn(async (_s: string, company: string | null) => (company === 'nj' ? nanjing : choice)),
    });
    const actor = createActor(createApplyPreCreditMachine({ gateway, notifier }), { input: {} }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'TOGGLE', keyId: 'o1' });
    actor.send({ type: 'TOGGLE', keyId: 'o2' });
    actor.send({ type: 'CHANGE', key: 'projectCompanyId', text: 'nj' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.orders.length === 1);
    expect(actor.getSnapshot().context.selected).toEqual(['o2']);
    expect(actor.getSnapshot().context.orders.map((o) => o.keyId)).toEqual(['o2']);
    actor.send({ type: 'CHANGE', key: 'amount', text: '100' });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(gateway.create).toHaveBeenCalledWith(expect.objectContaining({ basisOrderIds: ['o2'] }));
  });

  it('reads the orders again when the supplier changes, and forgets the choice', async () => {
    const gateway = gatewayOf({
      options: vi.fn(async (key: 'supplierId' | 'projectCompanyId') =>
        key === 'supplierId'
          ? [
              { keyId: 's1', name: 'A' },
              { keyId: 's2', name: 'B' },
            ]
          : [],
      ),
    });
    const actor = createActor(createApplyPreCreditMachine({ gateway, notifier }), { input: {} }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.consent).toBeNull();
    actor.send({ type: 'CHANGE', key: 'supplierId', text: 's2' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.orders.length === 2);
    actor.send({ type: 'TOGGLE', keyId: 'o1' });
    actor.send({ type: 'CHANGE', key: 'supplierId', text: 's1' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(gateway.orders).toHaveBeenLastCalledWith('s1', null);
  });
});
