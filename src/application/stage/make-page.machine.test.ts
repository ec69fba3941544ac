import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { BusinessEventView } from '../../domain/financing/business-list';
import { GatewayError } from '../ports/gateway-error';
import type { StageRecord } from '../ports/stage-gateway.port';
import { type MakeSpec, createMakePageMachine, editableByStatus, makeContextOf } from './make-page.machine';

interface Rec extends StageRecord {
  amount: number;
  problems: string[];
}
type Values = { amount: string; supplierId: string };
type Extra = { orders: string[] };

const event = (over: Partial<BusinessEventView>): BusinessEventView => ({
  keyId: 'e1',
  stage: 'PRE_CREDIT',
  fromState: 'PRE_CREDIT/PENDING',
  toState: 'PRE_CREDIT/RETURNED',
  fromLabel: '待审核',
  toLabel: '已退回',
  action: 'return',
  actionLabel: '退回',
  level: 1,
  actorId: 'u1',
  actorName: '周敏',
  actorRole: '业务复核',
  comment: '请补充付款单',
  fileIds: [],
  at: '2026-11-25T02:00:00Z',
  ...over,
});

function setup(over: Partial<MakeSpec<Rec, Values, { amount: number }, Extra>> = {}, stored: Rec | null = null) {
  let saved: Rec | null = stored;
  const spec: MakeSpec<Rec, Values, { amount: number }, Extra> = {
    stage: 'PRE_CREDIT',
    open: vi.fn(async (keyId: string) => ({ record: keyId ? saved : null, extra: { orders: ['o1'] } })),
    valuesOf: (r) => ({ amount: r ? String(r.amount) : '', supplierId: 's1' }),
    read: (v) =>
      /^[1-9][0-9]*$/.test(v.amount) ? { body: { amount: Number(v.amount) } } : { errors: { amount: '请输入金额' } },
    save: vi.fn(async (record: Rec | null, body: { amount: number }) => {
      saved = {
        keyId: record?.keyId ?? 'b9',
        version: (record?.version ?? 0) + 1,
        status: 'DRAFT',
        state: 'PRE_CREDIT/DRAFT',
        amount: body.amount,
        problems: body.amount > 100 ? ['超过上限'] : [],
      };
      return saved;
    }),
    refresh: vi.fn(async (v: Values) => ({ orders: [`of-${v.supplierId}`] })),
    problemsOf: (r) => r?.problems ?? [],
    ...over,
  };
  const client = {
    transition: vi.fn(async () => {}),
    events: vi.fn(async () => [event({ toState: 'PRE_CREDIT/PENDING', action: 'submit', comment: '' }), event({})]),
  };
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  return {
    spec,
    client,
    notifier,
    actor: (keyId = '') => createActor(createMakePageMachine(spec, { notifier, client }), { input: { keyId } }).start(),
  };
}

const ctx = (a: { getSnapshot(): { context: unknown } }) => makeContextOf<Rec, Values, Extra>(a.getSnapshot());

describe('make page machine', () => {
  it('opens a new one without writing, saves it on 保存 (created), then edits it under its version', async () => {
    const { spec, notifier, actor: start } = setup();
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    expect(spec.save).not.toHaveBeenCalled();
    expect(ctx(actor).record).toBeNull();
    actor.send({ type: 'EDIT', patch: { amount: '50' } });
    expect(ctx(actor).dirty).toBe(true);
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && !ctx(actor).dirty);
    expect(spec.save).toHaveBeenLastCalledWith(null, { amount: 50 });
    expect(ctx(actor).keyId).toBe('b9');
    expect(notifier.success).toHaveBeenCalledWith('保存成功');
    actor.send({ type: 'EDIT', patch: { amount: '150' } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('editing') && !ctx(actor).dirty);
    expect(spec.save).toHaveBeenLastCalledWith(expect.objectContaining({ keyId: 'b9', version: 1 }), { amount: 150 });
    expect(ctx(actor).problems).toEqual(['超过上限']);
  });

  it('does not save what does not read, marks the field and warns', async () => {
    const { spec, notifier, actor: start } = setup();
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'EDIT', patch: { supplierId: 's2' } });
    expect(ctx(actor).errors).toEqual({});
    actor.send({ type: 'SUBMIT' });
    expect(ctx(actor).errors).toEqual({ amount: '请输入金额' });
    expect(notifier.warning).toHaveBeenCalledWith('请检查标红的项目');
    expect(spec.save).not.toHaveBeenCalled();
    actor.send({ type: 'EDIT', patch: { amount: '5' } });
    expect(ctx(actor).errors).toEqual({});
  });

  it('shows why a returned item came back, and the last comment', async () => {
    const stored: Rec = {
      keyId: 'b1',
      version: 3,
      status: 'RETURNED',
      state: 'PRE_CREDIT/RETURNED',
      amount: 9,
      problems: [],
    };
    const { actor: start, client } = setup({}, stored);
    const actor = start('b1');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(client.events).toHaveBeenCalledWith('b1');
    expect(ctx(actor).notes.returnReason).toMatchObject({ comment: '请补充付款单', actorName: '周敏', level: 1 });
    expect(ctx(actor).notes.lastComment).toBeNull();
    expect(ctx(actor).values.amount).toBe('9');
  });

  it('submits: saves, then the business transition under the saved version, and leaves', async () => {
    const { client, notifier, actor: start } = setup();
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'EDIT', patch: { amount: '80' } });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(client.transition).toHaveBeenCalledWith('b9', { action: 'submit', version: 1 });
    expect(notifier.success).toHaveBeenCalledWith('提交成功');
  });

  it('a refused 提交 after the save reads the record again, with its rule results', async () => {
    const { spec, client, actor: start } = setup();
    client.transition.mockRejectedValueOnce(new GatewayError(160300400, '超过上限'));
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'EDIT', patch: { amount: '150' } });
    actor.send({ type: 'SUBMIT' });
    await waitFor(
      actor,
      (s) => s.matches('editing') && (spec.open as ReturnType<typeof vi.fn>).mock.calls.length === 2,
    );
    expect(spec.open).toHaveBeenLastCalledWith('b9');
    expect(ctx(actor).problems).toEqual(['超过上限']);
    expect(ctx(actor).dirty).toBe(false);
  });

  it('loads again what the form offers when told, keeping what was typed', async () => {
    const { spec, actor: start } = setup();
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'EDIT', patch: { supplierId: 's7' }, refresh: true });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(spec.refresh).toHaveBeenCalled();
    expect(ctx(actor).extra).toEqual({ orders: ['of-s7'] });
    expect(ctx(actor).values.supplierId).toBe('s7');
  });

  it('asks before leaving unsaved changes; leaves at once when nothing changed', async () => {
    const { actor: start } = setup();
    const clean = start();
    await waitFor(clean, (s) => s.matches('editing'));
    clean.send({ type: 'LEAVE' });
    expect(clean.getSnapshot().status).toBe('done');
    const dirty = start();
    await waitFor(dirty, (s) => s.matches('editing'));
    dirty.send({ type: 'EDIT', patch: { amount: '3' } });
    dirty.send({ type: 'LEAVE' });
    expect(dirty.getSnapshot().matches('confirmingLeave')).toBe(true);
    dirty.send({ type: 'STAY' });
    expect(dirty.getSnapshot().matches('editing')).toBe(true);
    dirty.send({ type: 'LEAVE' });
    dirty.send({ type: 'CONFIRM_LEAVE' });
    expect(dirty.getSnapshot().status).toBe('done');
  });

  it('保存 that leaves returns to the list', async () => {
    const { actor: start } = setup({ afterSave: 'leave' });
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'EDIT', patch: { amount: '8' } });
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.status === 'done');
  });
});

describe('what the make page lets be edited by default', () => {
  it('a new record, or one in a status the table lets the maker submit from (草稿, 已退回), never one in review', () => {
    const at = (status: string) => ({ keyId: '1', version: 1, status }) as StageRecord;
    expect(editableByStatus('PRE_CREDIT', null)).toBe(true);
    expect(editableByStatus('PRE_CREDIT', at('DRAFT'))).toBe(true);
    expect(editableByStatus('DECISION', at('RETURNED'))).toBe(true);
    expect(editableByStatus('PRE_CREDIT', at('PENDING'))).toBe(false);
    expect(editableByStatus('REPORT', at('APPROVED'))).toBe(false);
  });
});
