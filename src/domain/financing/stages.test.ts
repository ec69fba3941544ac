import { describe, expect, it } from 'vitest';
import { ALL_STATES, CHILD_STAGES, childStatusOf, documentStatusOf } from '../stage/stage';
import { ELEMENT_ITEM_STATES } from './elements';
import { LIVE_STATES, REVIEW_STAGES, stageOf } from './lifecycle';
import { checkAuditType, defaultAuditType } from './review';
import {
  DEFAULT_AUDIT_LEVELS,
  REVIEW_TYPE_LABEL,
  REVIEW_TYPES,
  STAGE_LABEL,
  STAGES,
  type Stage,
  stagePassed,
  stageProgress,
  stageReached,
} from './stages';

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

describe('where a business stands to a stage', () => {
  const rank = (s: Stage) => STAGES.indexOf(s === 'SETTLED_EARLY' ? 'SETTLED' : s);
  const ends: readonly Stage[] = ['SETTLED', 'SETTLED_EARLY', 'TERMINATED'];

  it('answers every state of the table for every stage', () => {
    for (const stage of STAGES) {
      for (const state of ALL_STATES) {
        const at = stageOf(state);
        const expected =
          at === stage
            ? 'IN'
            : at === 'TERMINATED' || (ends.includes(at) && ends.includes(stage))
              ? 'ENDED'
              : rank(at) < rank(stage)
                ? 'BEFORE'
                : 'PASSED';
        expect(stageProgress(stage, state), `${stage} at ${state}`).toBe(expected);
        expect(stagePassed(stage, state)).toBe(expected === 'PASSED');
        expect(stageReached(stage, state)).toBe(expected === 'IN' || expected === 'PASSED');
      }
    }
    // The decision, walked by hand: waiting before it, in it, past it however far, and ended.
    expect(stageProgress('DECISION', 'MEETING/VOTING')).toBe('BEFORE');
    expect(stageProgress('DECISION', 'DECISION/PENDING')).toBe('IN');
    expect(stageProgress('DECISION', 'ELEMENTS/DRAFT')).toBe('PASSED');
    expect(stageProgress('DECISION', 'SETTLED_EARLY/SETTLED_EARLY')).toBe('PASSED');
    expect(stageProgress('DECISION', 'TERMINATED/VETOED')).toBe('ENDED');
    // Settled early is not past 已结清, but another end.
    expect(stageProgress('SETTLED', 'SETTLED_EARLY/SETTLED_EARLY')).toBe('ENDED');
  });

  it('is what the child status, the document status and the item states read', () => {
    for (const stage of CHILD_STAGES) {
      const waiting = new Set<string>();
      for (const state of ALL_STATES) {
        const progress = stageProgress(stage, state);
        const document = documentStatusOf(stage, 'DRAFT', state);
        if (progress === 'PASSED') expect(document, `${stage} at ${state}`).toBe('APPROVED');
        if (progress === 'ENDED') expect(document, `${stage} at ${state}`).toBe('TERMINATED');
        if (progress === 'IN') expect(childStatusOf(stage, state, false)).toBe(state.split('/')[1]);
        // Before the stage, the record waits at the stage's entry whatever the business does meanwhile.
        if (progress === 'BEFORE') waiting.add(childStatusOf(stage, state, false));
      }
      expect(waiting.size, stage).toBeLessThanOrEqual(1);
    }
    // The element items move in every live state past 要素落实.
    for (const s of LIVE_STATES) if (stagePassed('ELEMENTS', s)) expect(ELEMENT_ITEM_STATES).toContain(s);
  });
});
