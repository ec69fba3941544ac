// 要素落实's domain: the items an approved decision creates, their typed values, their workflow (落实, 申请豁免,
// RISK_HEAD's 豁免 / 驳回 by another person), the parent business's guard and the checkpoint naming the first
// item not finished.
import { describe, expect, it } from 'vitest';
import { applyTransition, allowedActions } from '../workflow/workflow';
import { ItemMessage, itemParentRefusal } from '../workflow/items';
import { LifecycleMessage } from './lifecycle';
import {
  ELEMENT_ITEMS,
  ELEMENT_ITEM_STATES,
  ElementMessage,
  type ElementItem,
  conditionProblems,
  elementItemsOf,
  elementValueText,
  submitElementsProblems,
} from './elements';
import { ROLE } from './roles';

describe('elementItemsOf', () => {
  it('makes TERM items of the terms and CONDITION items of the standard and the decision’s conditions, once each', () => {
    const items = elementItemsOf({
      amountFen: 8_000_000_00n,
      annualRate: '0.0650',
      termDays: 180,
      repaymentMethod: 'BULLET',
      guaranteeMeasures: ' 实际控制人连带责任保证 ',
      conditions: ['保证合同签署', '中登转让登记', '开立监管账户'],
    });
    expect(items.map((i) => [i.seq, i.kind, i.name, elementValueText(i.required), i.checkpoint])).toEqual([
      [1, 'TERM', '金额', '8,000,000.00元', null],
      [2, 'TERM', '利率', '年化6.50%', null],
      [3, 'TERM', '期限', '180天', null],
      [4, 'TERM', '还款方式', '到期一次还本付息', null],
      [5, 'TERM', '担保', '实际控制人连带责任保证', null],
      [6, 'CONDITION', '转让通知书送达并回执', '', 'BEFORE_LENDING'],
      [7, 'CONDITION', '中登转让登记', '', 'AFTER_LENDING'],
      [8, 'CONDITION', '保证合同签署', '', 'BEFORE_CONTRACT'],
      [9, 'CONDITION', '开立监管账户', '', 'BEFORE_LENDING'],
    ]);
    expect(items.every((i) => i.mandatory)).toBe(true);
  });

  it('has no 担保 item without guarantees', () => {
    const items = elementItemsOf({
      amountFen: 1n,
      annualRate: '0.05',
      termDays: 30,
      repaymentMethod: 'EQUAL_PRINCIPAL',
      guaranteeMeasures: ' ',
      conditions: [],
    });
    expect(items.map((i) => i.name)).toEqual([
      '金额',
      '利率',
      '期限',
      '还款方式',
      '转让通知书送达并回执',
      '中登转让登记',
    ]);
    expect(elementValueText(items[1]?.required ?? null)).toBe('年化5.00%');
  });
});

const item = (over: Partial<ElementItem> = {}): ElementItem => ({
  itemId: 'i1',
  businessId: 'b1',
  seq: 1,
  name: '金额',
  status: 'PENDING',
  version: 1,
  kind: 'TERM',
  required: { type: 'AMOUNT', fen: 100n },
  mandatory: true,
  checkpoint: null,
  actualValue: null,
  evidenceFileId: null,
  waiverReason: null,
  waiverAskedBy: null,
  ...over,
});
const all = new Set(ELEMENT_ITEMS.transitions.map((t) => `${t.menu}:${t.op}`));
const ctx = (actorId: string, role: string, parentState = 'ELEMENTS/DRAFT') => ({
  actorId,
  grants: all,
  roles: new Set([role]),
  now: new Date(0),
  facts: { parentState },
});

describe('the element item workflow', () => {
  it('keeps a TERM item’s value typed: 分 as bigint', () => {
    const [amount, rate, days] = elementItemsOf({
      amountFen: 9_007_199_254_740_993n,
      annualRate: '0.0650',
      termDays: 180,
      repaymentMethod: 'BULLET',
      guaranteeMeasures: '',
      conditions: [],
    });
    expect(amount?.required).toEqual({ type: 'AMOUNT', fen: 9_007_199_254_740_993n });
    expect(rate?.required).toEqual({ type: 'RATE', rate: '0.0650' });
    expect(days?.required).toEqual({ type: 'DAYS', days: 180 });
  });

  it('落实 needs a value and its evidence; OPS asks a waiver with a reason', () => {
    const ops = ctx('ops1', ROLE.OPS);
    expect(applyTransition(ELEMENT_ITEMS, item(), 'fulfil', ops, { values: { actualValue: ' ' } })).toMatchObject({
      ok: false,
      message: ElementMessage.actualRequired,
    });
    expect(applyTransition(ELEMENT_ITEMS, item(), 'fulfil', ops, { values: { actualValue: '8百万' } })).toMatchObject({
      ok: false,
      message: ElementMessage.evidenceRequired,
    });
    const values = { actualValue: '8百万', evidenceFileId: 'f1' };
    expect(applyTransition(ELEMENT_ITEMS, item(), 'fulfil', ops, { values })).toMatchObject({ ok: true, to: 'DONE' });
    expect(applyTransition(ELEMENT_ITEMS, item(), 'askWaiver', ops)).toMatchObject({ ok: false, reason: 'comment' });
    expect(applyTransition(ELEMENT_ITEMS, item(), 'askWaiver', ops, { comment: '已由集团担保' })).toMatchObject({
      ok: true,
      to: 'WAIVER_ASKED',
    });
    // OPS grants no waiver.
    const asked = item({ status: 'WAIVER_ASKED', waiverAskedBy: 'ops1' });
    expect(applyTransition(ELEMENT_ITEMS, asked, 'waive', ops)).toMatchObject({ ok: false, reason: 'forbidden' });
  });

  it('RISK_HEAD grants or refuses a waiver, never one they asked for themselves', () => {
    const asked = item({ status: 'WAIVER_ASKED', waiverAskedBy: 'head' });
    expect(applyTransition(ELEMENT_ITEMS, asked, 'waive', ctx('head', ROLE.RISK_HEAD))).toMatchObject({
      ok: false,
      message: ElementMessage.ownWaiver,
    });
    const head = ctx('head2', ROLE.RISK_HEAD);
    expect(allowedActions(ELEMENT_ITEMS, asked, head).map((t) => t.action)).toEqual(['waive', 'refuseWaiver']);
    expect(applyTransition(ELEMENT_ITEMS, asked, 'waive', head)).toMatchObject({ ok: true, to: 'WAIVED' });
    expect(applyTransition(ELEMENT_ITEMS, asked, 'refuseWaiver', head, { comment: '理由不足' })).toMatchObject({
      ok: true,
      to: 'PENDING',
    });
  });

  it('keeps an item 要素落实 counted as submitted; a condition due later moves on', () => {
    const values = { actualValue: '已办妥', evidenceFileId: 'f1' };
    const contract = ctx('ops1', ROLE.OPS, 'CONTRACT/DRAFT');
    expect(applyTransition(ELEMENT_ITEMS, item(), 'fulfil', contract, { values })).toMatchObject({
      ok: false,
      message: ElementMessage.submitted,
    });
    const later = item({ kind: 'CONDITION', required: null, checkpoint: 'BEFORE_LENDING', name: '开立监管账户' });
    expect(applyTransition(ELEMENT_ITEMS, later, 'fulfil', contract, { values })).toMatchObject({ ok: true });
  });

  it('lets a condition due before the contract move while the contracts are drafted, not once submitted', () => {
    const values = { actualValue: '已签署', evidenceFileId: 'f1' };
    const guarantee = item({ kind: 'CONDITION', required: null, checkpoint: 'BEFORE_CONTRACT', name: '保证合同签署' });
    for (const state of ['ELEMENTS/DRAFT', 'CONTRACT/DRAFT', 'CONTRACT/RETURNED']) {
      const at = ctx('ops1', ROLE.OPS, state);
      expect(applyTransition(ELEMENT_ITEMS, guarantee, 'fulfil', at, { values }), state).toMatchObject({ ok: true });
    }
    expect(
      applyTransition(ELEMENT_ITEMS, guarantee, 'fulfil', ctx('ops1', ROLE.OPS, 'CONTRACT/PENDING'), { values }),
    ).toMatchObject({ ok: false, message: ElementMessage.submitted });
  });

  it('names the first condition due at a checkpoint that is neither done nor waived, and only those', () => {
    const items = [
      item({ seq: 5, name: '金额' }),
      item({ seq: 8, name: '开立监管账户', kind: 'CONDITION', checkpoint: 'BEFORE_LENDING' }),
      item({ seq: 7, name: '保证合同签署', kind: 'CONDITION', checkpoint: 'BEFORE_CONTRACT' }),
      item({ seq: 6, name: '中登转让登记', kind: 'CONDITION', checkpoint: 'AFTER_LENDING' }),
    ];
    expect(conditionProblems(items, 'SUBMIT_CONTRACT')).toEqual(['放款条件「保证合同签署」尚未落实或豁免']);
    expect(conditionProblems(items, 'REGISTER_LOAN')).toEqual(['放款条件「开立监管账户」尚未落实或豁免']);
    const waived = items.map((i) => (i.checkpoint === 'BEFORE_CONTRACT' ? { ...i, status: 'WAIVED' as const } : i));
    expect(conditionProblems(waived, 'SUBMIT_CONTRACT')).toEqual([]);
  });

  it('moves only on a live, unpaused business in a state that allows it', () => {
    const words = '要素';
    expect(itemParentRefusal({ state: 'ELEMENTS/DRAFT', suspended: false }, ELEMENT_ITEM_STATES, words)).toBeNull();
    expect(itemParentRefusal({ state: 'CONTRACT/DRAFT', suspended: false }, ELEMENT_ITEM_STATES, words)).toBeNull();
    expect(itemParentRefusal({ state: 'TERMINATED/CANCELLED', suspended: false }, ELEMENT_ITEM_STATES, words)).toBe(
      ItemMessage.terminated,
    );
    expect(itemParentRefusal({ state: 'ELEMENTS/DRAFT', suspended: true }, ELEMENT_ITEM_STATES, words)).toBe(
      LifecycleMessage.suspended,
    );
    // Under 要素落实审核 the items stay as the reviewers read them.
    expect(itemParentRefusal({ state: 'ELEMENTS/PENDING', suspended: false }, ELEMENT_ITEM_STATES, words)).toBe(
      ItemMessage.notNow(words),
    );
  });

  it('blocks 要素落实’s 提交 naming the first term that is neither done nor waived', () => {
    const items = [
      item({ seq: 2, name: '利率', status: 'WAIVED' }),
      item({ seq: 1, name: '金额', status: 'DONE' }),
      item({ seq: 3, name: '期限', status: 'WAIVER_ASKED' }),
      item({ seq: 4, name: '中登转让登记', kind: 'CONDITION', checkpoint: 'AFTER_LENDING' }),
      item({ seq: 5, name: '保证合同签署', kind: 'CONDITION', checkpoint: 'BEFORE_CONTRACT' }),
    ];
    expect(submitElementsProblems(items)).toEqual(['要素「期限」尚未落实或豁免']);
    expect(submitElementsProblems(items.filter((i) => i.seq !== 3))).toEqual([]);
  });
});
