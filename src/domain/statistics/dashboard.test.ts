import { describe, expect, it } from 'vitest';
import {
  AGEING_BANDS,
  REMAINING_TERM_BANDS,
  RISK_CLASS_BANDS,
  WIDGETS,
  WIDGET_NAMES,
  aboveWarn,
  bandOf,
  riskBandAgrees,
  sharePct,
  viewOf,
} from './dashboard';

describe('dashboard figures', () => {
  it('writes a share with two decimals, half up, from integers', () => {
    expect(sharePct(1n, 3n)).toBe('33.33');
    expect(sharePct(2n, 3n)).toBe('66.67');
    expect(sharePct(1n, 8n)).toBe('12.50');
    expect(sharePct(5n, 5n)).toBe('100.00');
    expect(sharePct(1n, 0n)).toBe('0.00');
    // Beyond 2^53 分 the share stays exact.
    expect(sharePct(2n ** 60n, 2n ** 61n)).toBe('50.00');
  });

  it('flags a share strictly above the warning rate', () => {
    expect(aboveWarn('15.01', '0.1500')).toBe(true);
    expect(aboveWarn('15.00', '0.1500')).toBe(false);
    expect(aboveWarn('100.00', null)).toBe(false);
  });

  it('puts each day in exactly one band: ageing 1–30 / 31–60 / 61–90 / 91–180 / > 180', () => {
    expect([1, 30, 31, 60, 61, 90, 91, 180, 181, 5000].map((d) => bandOf(AGEING_BANDS, d)?.key)).toEqual([
      'A30',
      'A30',
      'A60',
      'A60',
      'A90',
      'A90',
      'A180',
      'A180',
      'A180+',
      'A180+',
    ]);
    expect(bandOf(AGEING_BANDS, 0)).toBeUndefined();
    expect([-5, 30, 31, 360, 361].map((d) => bandOf(REMAINING_TERM_BANDS, d)?.key)).toEqual([
      'T30',
      'T30',
      'T90',
      'T360',
      'T360+',
    ]);
  });

  it('classes as the close of business does', () => {
    for (const band of RISK_CLASS_BANDS) expect(riskBandAgrees(band)).toBe(true);
  });

  it('reads each of the six widgets at its own path, its table led by the group it names', () => {
    expect(new Set(WIDGET_NAMES).size).toBe(6);
    expect(new Set(WIDGET_NAMES.map((n) => WIDGETS[n].api)).size).toBe(6);
    for (const name of WIDGET_NAMES) {
      const def = WIDGETS[name];
      expect(def.name).toBe(name);
      expect(def.api.endsWith(`/${name}`)).toBe(true);
      for (const view of def.views) {
        expect(view.columns[0]).toMatchObject({ key: 'label', kind: 'text' });
        expect(view.columns.some((c) => c.key === view.chartValue && c.kind === 'money')).toBe(true);
      }
    }
  });

  it('falls back to a widget’s first view', () => {
    expect(viewOf(WIDGETS.financingRisk, 'ageing').value).toBe('ageing');
    expect(viewOf(WIDGETS.financingRisk, 'nonsense').value).toBe('class');
  });
});
