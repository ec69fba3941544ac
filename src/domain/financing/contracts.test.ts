import { describe, expect, it } from 'vitest';
import {
  type ContractItem,
  CONTRACT_ITEMS,
  ContractMessage,
  checkContractDraft,
  factorProblems,
  signingProblems,
  submitContractProblems,
} from './contracts';
import { type TermElement, TermMessage, rateUnits } from '../stage/term-factors';
import { applyTransition } from '../workflow/workflow';

const TERMS: TermElement[] = [
  { name: '金额', required: { type: 'AMOUNT', fen: 800_000_000n } },
  { name: '利率', required: { type: 'RATE', rate: '0.0650' } },
  { name: '期限', required: { type: 'DAYS', days: 180 } },
  { name: '还款方式', required: { type: 'METHOD', method: 'BULLET' } },
  { name: '担保', required: { type: 'TEXT', text: '实际控制人连带责任保证' } },
];

const contract = (over: Partial<ContractItem> = {}): ContractItem => ({
  itemId: 'c1',
  businessId: 'b1',
  seq: 1,
  name: '保理合同',
  status: 'DRAFT',
  version: 1,
  contractNo: 'HT202611290001',
  contractVersion: 1,
  factors: {
    amountFen: 800_000_000n,
    annualRate: '0.065',
    termDays: 180,
    repaymentMethod: 'BULLET',
    dueDate: null,
    payeeAccount: null,
  },
  createdBy: 'legal',
  ...over,
});

describe('the contracts’ checkpoints', () => {
  it('refuses 通过 naming the contract and the factor, and ignores a voided contract', () => {
    const differs = contract({ factors: { ...contract().factors, termDays: 90 } });
    expect(factorProblems([differs], TERMS)).toEqual([
      ContractMessage.differs('HT202611290001', '期限', '90天', '180天'),
    ]);
    expect(factorProblems([{ ...differs, status: 'VOID' }, contract({ itemId: 'c2', seq: 2 })], TERMS)).toEqual([]);
  });

  it('submits only with a live contract', () => {
    expect(submitContractProblems([])).toEqual([ContractMessage.none]);
    expect(submitContractProblems([contract({ status: 'VOID' })])).toEqual([ContractMessage.none]);
    expect(submitContractProblems([contract()])).toEqual([]);
  });

  it('sends no locked contract to sign, by its number or a payment order of the business', () => {
    const c = contract();
    const now = new Date();
    const lock = (contractNo: string | null, paymentOrderId: string | null, status = 'LOCKED') => ({
      contractNo,
      paymentOrderId,
      status,
    });
    expect(signingProblems([c], 'SIGNING/WAIT_SIGN', [], ['FK1'], now)).toEqual([]);
    expect(signingProblems([c], 'SIGNING/WAIT_SIGN', [lock(c.contractNo, null)], [], now)).toEqual([
      ContractMessage.locked(c.contractNo),
    ]);
    expect(signingProblems([c], 'SIGNING/WAIT_SIGN', [lock(null, 'FK1')], ['FK1'], now)).toEqual([
      ContractMessage.locked(c.contractNo),
    ]);
    expect(signingProblems([c], 'SIGNING/WAIT_SIGN', [lock(c.contractNo, null, 'UNLOCKED')], [], now)).toEqual([]);
    expect(signingProblems([c], 'CONTRACT/PENDING', [], [], now)).toEqual([ContractMessage.notApproved(c.contractNo)]);
  });
});

describe('checkContractDraft', () => {
  const draft = {
    contractType: 'FACTORING' as const,
    name: '保理合同',
    amountFen: 800_000_000,
    annualRate: '0.065',
    termDays: 180,
    repaymentMethod: 'BULLET',
    dueDate: null,
    payeeAccount: null,
  };
  it('types the factors, the rate to four places', () => {
    const r = checkContractDraft(draft);
    expect(r.ok && r.factors).toMatchObject({ amountFen: 800_000_000n, annualRate: '0.0650' });
  });
  it('refuses a fractional amount, a rate of five places, an unknown method', () => {
    expect(checkContractDraft({ ...draft, amountFen: 1.5 })).toEqual({
      ok: false,
      message: TermMessage.amount('合同'),
    });
    expect(checkContractDraft({ ...draft, annualRate: '0.06501' })).toEqual({
      ok: false,
      message: TermMessage.rate,
    });
    expect(checkContractDraft({ ...draft, repaymentMethod: 'X' })).toEqual({
      ok: false,
      message: TermMessage.method,
    });
    expect(rateUnits('abc')).toBeNull();
    expect(checkContractDraft({ ...draft, name: ' ' })).toEqual({ ok: false, message: ContractMessage.name });
    expect(checkContractDraft({ ...draft, dueDate: '2027-02-30' })).toEqual({
      ok: false,
      message: ContractMessage.dueDate,
    });
  });
});

describe('作废', () => {
  const ctx = (roles: string[]) => ({
    actorId: 'u',
    grants: new Set(['/business/contractFileManage:terminate']),
    roles: new Set(roles),
    now: new Date(),
    facts: { parentState: 'CONTRACT/DRAFT' },
  });
  it('needs its reason, voids a draft once, and is not a reviewer’s', () => {
    expect(applyTransition(CONTRACT_ITEMS, contract(), 'void', ctx(['LEGAL_COUNSEL']))).toMatchObject({
      ok: false,
      reason: 'comment',
    });
    expect(
      applyTransition(CONTRACT_ITEMS, contract(), 'void', ctx(['LEGAL_COUNSEL']), { comment: '金额有误' }),
    ).toMatchObject({ ok: true, to: 'VOID' });
    expect(applyTransition(CONTRACT_ITEMS, contract({ status: 'VOID' }), 'void', ctx(['LEGAL_COUNSEL']))).toMatchObject(
      {
        ok: false,
        reason: 'state',
      },
    );
    expect(applyTransition(CONTRACT_ITEMS, contract(), 'void', ctx(['RISK_MANAGER']))).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
  });
});
