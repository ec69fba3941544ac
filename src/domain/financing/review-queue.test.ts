import { describe, expect, it } from 'vitest';
import {
  MAKER_STATES,
  PENDING_REVIEW_STATES,
  doneItemLabel,
  examineLink,
  formatWaiting,
  makeLink,
  reviewTypeOfState,
  waitingMinutes,
} from './review-queue';

describe('review queue words', () => {
  it('names the review page for every type and the make page of the stage', () => {
    expect(examineLink('PRE_CREDIT', '12')).toBe('/business/examine?type=PRE_CREDIT&id=12');
    expect(makeLink('PRE_CREDIT/RETURNED', '12')).toBe('/business/applyForRufs?id=12');
    expect(makeLink('PRE_CREDIT/PENDING', '12')).toBeNull();
  });

  it('knows the waiting and the making states from the lifecycle table', () => {
    expect(PENDING_REVIEW_STATES).toContain('PRE_CREDIT/PENDING');
    expect(PENDING_REVIEW_STATES).toContain('LENDING/LOAN_PENDING');
    expect(MAKER_STATES).toContain('PRE_CREDIT/DRAFT');
    expect(MAKER_STATES).not.toContain('PRE_CREDIT/PENDING');
    expect(reviewTypeOfState('APPLICATION/PENDING')).toBe('APPLICATION');
    expect(reviewTypeOfState('SIGNING/WAIT_SIGN')).toBeNull();
  });

  it('names the item of a done step', () => {
    expect(doneItemLabel('PRE_CREDIT', 1)).toBe('预授信审核（第1级）');
    expect(doneItemLabel('PRE_CREDIT', null)).toBe('预授信');
    expect(doneItemLabel('SIGNING', null)).toBe('签约');
  });

  it('says how long an item waited, in whole minutes, never negative', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(waitingMinutes('2026-11-22T08:29:30Z', now)).toBe(90);
    expect(waitingMinutes('2026-11-22T10:05:00Z', now)).toBe(0);
    expect(formatWaiting(35)).toBe('35分钟');
    expect(formatWaiting(120)).toBe('2小时');
    expect(formatWaiting(320)).toBe('5小时20分');
    expect(formatWaiting(3 * 1440 + 240)).toBe('3天4小时');
    expect(formatWaiting(2 * 1440)).toBe('2天');
  });
});
