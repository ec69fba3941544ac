import { describe, expect, it } from 'vitest';
import { REVIEW_STAGES } from './lifecycle';
import { checkAuditType, defaultAuditType } from './review';
import { DEFAULT_AUDIT_LEVELS, REVIEW_TYPE_LABEL, REVIEW_TYPES, STAGE_LABEL, STAGES } from './stages';

describe('the stage list', () => {
  it('names every stage once, each with a label of its own', () => {
    expect(new Set(STAGES).size).toBe(STAGES.length);
    expect(Object.keys(STAGE_LABEL)).toEqual([...STAGES]);
    const labels = STAGES.map((s) => STAGE_LABEL[s]);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.every((l) => /^[\u4e00-\u9fa5]+$/.test(l))).toBe(true);
    // The lifecycle runs from the demand to its three ends.
    expect([STAGES[0], ...STAGES.slice(-3)]).toEqual(['DEMAND', 'SETTLED', 'SETTLED_EARLY', 'TERMINATED']);
  });

  it('derives the review types from the stages that hold them, in the stages’ order', () => {
    expect(new Set(REVIEW_TYPES).size).toBe(REVIEW_TYPES.length);
    // Each stage the table reviews has the review type of its own code; the stages reviewed keep their order.
    const reviewed = REVIEW_STAGES.map((s) => s.stage);
    expect(REVIEW_STAGES.every((s) => s.type === s.stage)).toBe(true);
    expect(REVIEW_TYPES.filter((t) => (reviewed as string[]).includes(t))).toEqual(reviewed);
    expect(reviewed.map((s) => STAGES.indexOf(s))).toEqual(
      [...reviewed.map((s) => STAGES.indexOf(s))].sort((a, b) => a - b),
    );
    // 签约 has no review; repaying, the repayments and the 存续期 reports are reviewed without moving the business.
    expect(REVIEW_TYPES).not.toContain('SIGNING');
    expect(REVIEW_TYPES.slice(-2)).toEqual(['REPAYMENT', 'DURATION']);
  });

  it('gives each review type a label and a valid default configuration', () => {
    expect(Object.keys(REVIEW_TYPE_LABEL)).toEqual([...REVIEW_TYPES]);
    expect(Object.keys(DEFAULT_AUDIT_LEVELS)).toEqual([...REVIEW_TYPES]);
    for (const type of REVIEW_TYPES) {
      expect(REVIEW_TYPE_LABEL[type]).toMatch(/(审核|复核|确认)$/);
      const config = defaultAuditType(type);
      expect(config.name).toBe(REVIEW_TYPE_LABEL[type]);
      expect(config.levels.map((l) => l.roles)).toEqual(DEFAULT_AUDIT_LEVELS[type].map((r) => [r]));
      expect(checkAuditType(config)).toEqual([]);
    }
  });
});
