// 失效: the pre-credit's validity until its application passed, the approved decision's from its approval until
// the loan is registered, neither in between.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decisionValidUntil } from './decision';
import { DECISION_GOVERNS, DecisionExpiryMessage, expiryProblems } from './expiry';
import { PreCreditExpiryMessage } from './pre-credit-rules';

const facts = (over: Partial<Parameters<typeof expiryProblems>[0]>) => ({
  stage: 'ELEMENTS',
  preCreditValidTo: '2026-08-31',
  decisionValidUntil: '2027-02-23',
  today: '2026-11-26',
  ...over,
});

describe('失效 of a business not lent on', () => {
  it('follows the decision from its approval: valid through its 90th day, lapsed the day after', () => {
    const until = decisionValidUntil('2026-11-26');
    expect(until).toBe('2027-02-23');
    expect(expiryProblems(facts({ decisionValidUntil: until, today: '2027-02-23' }))).toEqual([
      DecisionExpiryMessage.stillValid('2027-02-23'),
    ]);
    expect(expiryProblems(facts({ decisionValidUntil: until, today: '2027-02-24' }))).toEqual([]);
    // The pre-credit lapsed long ago: it no longer governs.
    expect(expiryProblems(facts({ stage: 'LENDING', today: '2027-01-01' }))).toEqual([
      DecisionExpiryMessage.stillValid('2027-02-23'),
    ]);
    expect(expiryProblems(facts({ decisionValidUntil: null }))).toEqual([DecisionExpiryMessage.noValidity]);
  });

  it('follows the pre-credit before the application passed, and nothing between', () => {
    expect(expiryProblems(facts({ stage: 'APPLICATION', today: '2026-09-01' }))).toEqual([]);
    expect(expiryProblems(facts({ stage: 'APPLICATION', today: '2026-08-31' }))).toEqual([
      PreCreditExpiryMessage.stillValid('2026-08-31'),
    ]);
    for (const stage of ['REPORT', 'MEETING', 'DECISION'])
      expect(expiryProblems(facts({ stage, today: '2030-01-01' }))).toEqual([PreCreditExpiryMessage.pastApplication]);
  });

  it('lets a governed business lapse exactly when today is past the decision’s last day', () => {
    const day = fc
      .integer({ min: 0, max: 3000 })
      .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.constantFrom(...DECISION_GOVERNS), day, day, (stage, approved, today) => {
        const until = decisionValidUntil(approved);
        const lapsed = expiryProblems(facts({ stage, decisionValidUntil: until, today })).length === 0;
        expect(lapsed).toBe(today > until);
      }),
    );
  });
});
