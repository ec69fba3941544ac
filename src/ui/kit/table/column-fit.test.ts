import { describe, expect, it } from 'vitest';
import { type FitColumn, fitColumns } from './column-fit';

const col = (key: string, width: number | undefined, min = width ?? 96, optional = false): FitColumn => ({
  key,
  width,
  min,
  optional,
});

// 融资业务管理 as declared, with its 操作 column as wide as three actions.
const BUSINESS: FitColumn[] = [
  col('businessNo', 160, 128),
  col('supplierName', 180, 110),
  col('stage', 90, 72),
  col('state', 160, 120),
  col('applyAmount', 130, 112),
  col('approvedAmount', 130, 112, true),
  col('projectCompanyName', 160, 96, true),
  col('capitalSideName', 170, 110),
  col('ownerName', 90, 72),
  col('updatedAt', 150),
  col('operations', 170),
];
const total = (widths: Record<string, number | undefined>) =>
  Object.values(widths).reduce<number>((a, b) => a + (b ?? 0), 0);

describe('fitting a list to its frame', () => {
  it('keeps the declared widths where they fit, and changes nothing before the frame is laid out', () => {
    const wide = fitColumns(BUSINESS, 1800);
    expect(wide.dropped).toEqual([]);
    expect(wide.widths).toEqual(Object.fromEntries(BUSINESS.map((c) => [c.key, c.width])));
    expect(fitColumns(BUSINESS, undefined)).toEqual(wide);
    expect(fitColumns(BUSINESS, 0)).toEqual(wide);
  });

  it('fits 1100 px (1440 wide beside the sidebar) by leaving out the optional columns, the last first', () => {
    const fit = fitColumns(BUSINESS, 1100);
    expect(fit.dropped).toEqual(['approvedAmount', 'projectCompanyName']);
    expect(Object.keys(fit.widths)).toEqual(BUSINESS.map((c) => c.key).filter((k) => !fit.dropped.includes(k)));
    expect(total(fit.widths)).toBeLessThanOrEqual(1100);
    for (const c of BUSINESS.filter((c) => !fit.dropped.includes(c.key))) {
      expect(fit.widths[c.key]).toBeGreaterThanOrEqual(c.min);
      expect(fit.widths[c.key]).toBeLessThanOrEqual(c.width!);
    }
    expect(fit.minTotal).toBeLessThanOrEqual(1100);
  });

  it('leaves one optional column out when that is room enough, and shrinks the rest toward their minimums', () => {
    const fit = fitColumns(BUSINESS, 1180);
    expect(fit.dropped).toEqual(['projectCompanyName']);
    expect(total(fit.widths)).toBeLessThanOrEqual(1180);
    // Columns without room to spare keep their width.
    expect(fit.widths.updatedAt).toBe(150);
    expect(fit.widths.operations).toBe(170);
  });

  it('shrinks in proportion to what each column can spare, without leaving anything out', () => {
    const fit = fitColumns([col('a', 200, 100), col('b', 100, 100), col('c', 150, 50, true)], 350);
    expect(fit.dropped).toEqual([]);
    // 100 too wide; a can spare 100 and c 100, so each gives 50.
    expect(fit.widths).toEqual({ a: 150, b: 100, c: 100 });
  });

  it('keeps an optional column the person chose to show, and lets the frame scroll when the minimums do not fit', () => {
    const shown = BUSINESS.map((c) => ({ ...c, optional: false }));
    const fit = fitColumns(shown, 1100);
    expect(fit.dropped).toEqual([]);
    expect(fit.widths).toEqual(Object.fromEntries(shown.map((c) => [c.key, c.min])));
    expect(fit.minTotal).toBeGreaterThan(1100);
  });

  it('reserves the selection column', () => {
    expect(fitColumns([col('a', 100, 60), col('b', 100, 60)], 200, 40).widths).toEqual({ a: 80, b: 80 });
  });
});
