// A resource list fits the frame it has at 1440 wide: its text columns give up width, so the frame does not
// scroll sideways and its 状态 never sits under the pinned 操作.
import { describe, expect, it } from 'vitest';
import { PROJECT } from '../../../domain/assets/project.resource';
import { columnFields } from '../../../domain/resource/resource';
import { fitColumns } from '../../kit/table/column-fit';
import { listColumnWidth } from './resource-screen';

/** The list's frame at 1440 wide beside the open sidebar, and its 操作 holding 查看 and 编辑, as laid out. */
const FRAME_AT_1440 = 1100;
const ACTIONS = 87;

describe('listColumnWidth', () => {
  it('lets 项目信息 fit its frame at 1440 wide, figures and 状态 kept whole', () => {
    const fields = columnFields(PROJECT).map((f) => {
      const { width, minWidth } = listColumnWidth(f);
      return { key: f.key, width, min: minWidth ?? width ?? 96, optional: false };
    });
    const columns = [
      ...fields,
      { key: 'status', width: 80, min: 80, optional: false },
      { key: 'operations', width: ACTIONS, min: ACTIONS, optional: false },
    ];
    const fit = fitColumns(columns, FRAME_AT_1440);
    expect(fit.minTotal).toBeLessThanOrEqual(FRAME_AT_1440);
    const total = columns.reduce((sum, c) => sum + (fit.widths[c.key] ?? 0), 0);
    expect(total).toBeLessThanOrEqual(FRAME_AT_1440);
    for (const key of ['orderCount', 'receivableTotal', 'financedTotal', 'status']) {
      expect(fit.widths[key]).toBe(columns.find((c) => c.key === key)!.width);
    }
  });

  it('narrows only text', () => {
    const money = columnFields(PROJECT).find((f) => f.key === 'receivableTotal')!;
    const name = columnFields(PROJECT).find((f) => f.key === 'projectName')!;
    expect(listColumnWidth(money)).toEqual({ width: 140 });
    expect(listColumnWidth(name)).toEqual({ width: 200, minWidth: 96 });
  });
});
