import { describe, expect, it } from 'vitest';
import type { TermElement } from '../stage/term-factors';
import {
  SigningMessage,
  businessMoveOf,
  finishProblems,
  flowStatusAfter,
  recordStatusOf,
  signOrderRefusal,
  signersProblem,
  supplementRefusal,
  type SigningItem,
} from './signing';

const signers = [
  { order: 1, name: '张华', status: 0 },
  { order: 2, name: '李静', status: 0 },
];

describe('signing order', () => {
  it('lets the first signer sign and refuses the second until the first has, naming them', () => {
    expect(signOrderRefusal(signers, 1)).toBeNull();
    expect(signOrderRefusal(signers, 2)).toBe(SigningMessage.outOfOrder('张华'));
    expect(signOrderRefusal([{ ...signers[0]!, status: 1 }, signers[1]!], 2)).toBeNull();
    expect(signOrderRefusal([{ ...signers[0]!, status: 1 }, signers[1]!], 1)).toBe(SigningMessage.alreadySigned);
    expect(signOrderRefusal(signers, 3)).toBe(SigningMessage.notSigner);
  });

  it('finishes the flow when all signed, fails it on a refusal', () => {
    expect(flowStatusAfter([{ status: 1 }, { status: 0 }])).toBe(1);
    expect(flowStatusAfter([{ status: 1 }, { status: 1 }])).toBe(2);
    expect(flowStatusAfter([{ status: 1 }, { status: 2 }])).toBe(7);
  });
});

describe('what the provider status asks of the business', () => {
  it('moves a business 签约中 only: 2 → 签署完成, 3/5/7 → 签署失败, 1 → nothing', () => {
    expect(businessMoveOf(2, 'SIGNING/SIGNING')).toBe('signed');
    for (const s of [3, 5, 7]) expect(businessMoveOf(s, 'SIGNING/SIGNING')).toBe('signFailed');
    expect(businessMoveOf(1, 'SIGNING/SIGNING')).toBeNull();
    expect(businessMoveOf(3, 'SIGNING/FAILED')).toBeNull();
    expect(recordStatusOf(2)).toBe('SIGNED');
    expect(recordStatusOf(1)).toBe('SIGNING');
    expect(recordStatusOf(5)).toBe('FAILED');
  });
});

describe('checks of 发起 and 完成', () => {
  it('wants two or more signers ordered 1..n, one per role, with a name and an 11-digit mobile', () => {
    const ok = [
      { order: 1, role: 'SUPPLIER' as const, name: '张华', mobile: '13800000001' },
      { order: 2, role: 'FACTOR' as const, name: '李静', mobile: '13900000002' },
    ];
    expect(signersProblem(ok)).toBeNull();
    expect(signersProblem([ok[0]!])).toBe(SigningMessage.signers);
    expect(signersProblem([ok[0]!, { ...ok[1]!, order: 3 }])).toBe(SigningMessage.signers);
    expect(signersProblem([ok[0]!, { ...ok[1]!, role: 'SUPPLIER' }])).toBe(SigningMessage.onePerRole);
    expect(signersProblem([ok[0]!, { ...ok[1]!, mobile: '1390000' }])).toBe(SigningMessage.mobile);
  });

  const item = (over: Partial<SigningItem>): SigningItem => ({
    ...{ itemId: 'a', businessId: 'b', seq: 1, name: 'QY1', signNo: 'QY1', version: 1, status: 'SIGNING' },
    ...{ kind: 'ONLINE', providerStatus: 1, signers: [], scanFileIds: [], originalsReceivedOn: null },
    ...over,
  });
  it('finishes on the latest signing: online complete, or offline with scans and originals received', () => {
    expect(finishProblems([])).toEqual([SigningMessage.notFinished]);
    expect(finishProblems([item({ providerStatus: 1 })])).toEqual([SigningMessage.notFinished]);
    expect(finishProblems([item({ providerStatus: 2 })])).toEqual([]);
    expect(finishProblems([item({ providerStatus: 2 }), item({ seq: 2, providerStatus: 3 })])).toEqual([
      SigningMessage.notFinished,
    ]);
    const offline = item({ kind: 'OFFLINE', providerStatus: null, status: 'SIGNED' });
    expect(finishProblems([offline])).toEqual([SigningMessage.offlineScans]);
    expect(finishProblems([{ ...offline, scanFileIds: ['f'] }])).toEqual([SigningMessage.offlineOriginals]);
    expect(finishProblems([{ ...offline, scanFileIds: ['f'], originalsReceivedOn: '2026-11-28' }])).toEqual([]);
  });
});

describe('supplements', () => {
  const terms: TermElement[] = [
    { name: '金额', required: { type: 'AMOUNT', fen: 80_000_000n } },
    { name: '利率', required: { type: 'RATE', rate: '0.0650' } },
    { name: '期限', required: { type: 'DAYS', days: 180 } },
  ];
  const same = { amountFen: 80_000_000n, annualRate: '0.0650', termDays: 180 };
  it('are allowed from 已签约 until 放款 when they keep amount, rate and term', () => {
    expect(supplementRefusal('PUSH/WAIT_PUSH', same, terms)).toBeNull();
    expect(supplementRefusal('LENDING/LOAN_PENDING', same, terms)).toBeNull();
    expect(supplementRefusal('SIGNING/SIGNING', same, terms)).toBe(SigningMessage.supplementState);
    expect(supplementRefusal('REPAYING/NORMAL', same, terms)).toBe(SigningMessage.supplementState);
  });
  it('are refused when they change amount, rate or term, naming it', () => {
    const state = 'PUSH/WAIT_PUSH';
    expect(supplementRefusal(state, { ...same, amountFen: 80_000_001n }, terms)).toBe(
      SigningMessage.supplementChanges('金额'),
    );
    expect(supplementRefusal(state, { ...same, annualRate: '0.0700' }, terms)).toBe(
      SigningMessage.supplementChanges('年利率'),
    );
    expect(supplementRefusal(state, { ...same, termDays: 181 }, terms)).toBe(SigningMessage.supplementChanges('期限'));
  });
});
