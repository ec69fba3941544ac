import { describe, expect, it } from 'vitest';
import { rowsToCsv } from './export-rows';

describe('rowsToCsv', () => {
  it('writes the titles and each row as text, quoting what needs it and defusing formulas', () => {
    const csv = rowsToCsv<{ name: string; org: string }>(
      [
        { title: '姓名', text: (r) => r.name },
        { title: '所属组织', text: (r) => r.org },
      ],
      [
        { name: '张三', org: '远景控股集团, 华东' },
        { name: '=HYPERLINK("x")', org: '' },
      ],
    );
    expect(csv).toBe('\uFEFF姓名,所属组织\r\n张三,"远景控股集团, 华东"\r\n"\'=HYPERLINK(""x"")",\r\n');
  });
});
