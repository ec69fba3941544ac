// @vitest-environment happy-dom
// The day-to-day parts of the kit's table: sorting by a header, column settings remembered per user and
// table, choosing rows for a batch action, a cut cell's full text, and a page change bringing the top back.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInFluent, withoutWebAnimations } from '../dialogs/dialog-test-support';
import { PagedTable, type PagedTableColumn, type TableSort } from '../dialogs/paged-table';
import { tableSettingsKey } from './table-settings';

beforeAll(withoutWebAnimations);
beforeEach(() => localStorage.clear());
afterEach(cleanup);

interface User {
  id: string;
  name: string;
  org: string;
}

const ALL: User[] = Array.from({ length: 25 }, (_, i) => ({
  id: `u${i + 1}`,
  name: `用户${i + 1}`,
  org: `远景控股集团华东区域第${i + 1}项目公司`,
}));
const COLUMNS: PagedTableColumn<User>[] = [
  { key: 'name', title: '姓名', sortable: true },
  { key: 'org', title: '所属组织' },
  { key: 'operations', title: '操作', fixed: 'right', hideable: false, render: () => '编辑' },
];

interface HarnessProps {
  onSort?: (s: TableSort | null) => void;
  onBatch?: (ids: string[]) => void;
  settingsKey?: string;
}

function Harness(props: HarnessProps) {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [sort, setSort] = useState<TableSort | null>(null);
  const rows = ALL.slice((paging.page - 1) * paging.size, paging.page * paging.size);
  return (
    <PagedTable
      aria-label="用户列表"
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.id}
      total={ALL.length}
      page={paging.page}
      pageSize={paging.size}
      onPageChange={(page, size) => setPaging({ page, size })}
      sort={sort}
      onSortChange={(s) => {
        setSort(s);
        props.onSort?.(s);
      }}
      onRefresh={() => undefined}
      {...(props.settingsKey ? { settingsKey: props.settingsKey } : {})}
      selectable
      rowSelectable={(r) => r.id !== 'u2'}
      batchActions={(selected, clear) => (
        <button
          type="button"
          onClick={() => {
            props.onBatch?.(selected.map((r) => r.id));
            clear();
          }}
        >
          批量停用
        </button>
      )}
    />
  );
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('PagedTable for a day of work', () => {
  it('reports asc, desc, then no sort as a sortable header is clicked, and marks the header', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    renderInFluent(<Harness onSort={onSort} />);
    const header = screen.getByRole('columnheader', { name: '姓名' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    await user.click(within(header).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'name', direction: 'asc' });
    expect(screen.getByRole('columnheader', { name: '姓名' }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(screen.getByRole('columnheader', { name: '姓名' })).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith({ key: 'name', direction: 'desc' });
    await user.click(within(screen.getByRole('columnheader', { name: '姓名' })).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith(null);
    // A column that does not opt in is not a button.
    expect(within(screen.getByRole('columnheader', { name: '所属组织' })).queryByRole('button')).toBeNull();
  });

  it('hides and reorders columns from 列设置 and remembers it for this user and table only', async () => {
    const user = userEvent.setup();
    const key = tableSettingsKey('user-1', 'users');
    const { unmount } = renderInFluent(<Harness settingsKey={key} />);
    expect(headers()).toEqual(['全选本页', '姓名', '所属组织', '操作'].map((h) => (h === '全选本页' ? '' : h)));
    await user.click(screen.getByRole('button', { name: '列设置' }));
    const settings = await screen.findByRole('group', { name: '显示的列' });
    await user.click(within(settings).getByRole('checkbox', { name: '姓名' }));
    await user.click(within(settings).getByRole('button', { name: '上移 所属组织' }));
    // 操作 cannot be hidden.
    expect((within(settings).getByRole('checkbox', { name: '操作' }) as HTMLInputElement).disabled).toBe(true);
    expect(headers()).toEqual(['', '所属组织', '操作']);
    unmount();

    renderInFluent(<Harness settingsKey={key} />);
    expect(headers()).toEqual(['', '所属组织', '操作']);
    cleanup();
    renderInFluent(<Harness settingsKey={tableSettingsKey('user-2', 'users')} />);
    expect(headers()).toEqual(['', '姓名', '所属组织', '操作']);
  });

  it('remembers the density chosen in 密度', async () => {
    const user = userEvent.setup();
    const key = tableSettingsKey('user-1', 'users');
    renderInFluent(<Harness settingsKey={key} />);
    await user.click(screen.getByRole('button', { name: '密度' }));
    await user.click(await screen.findByRole('menuitemradio', { name: '紧凑' }));
    expect(JSON.parse(localStorage.getItem(key)!).density).toBe('compact');
  });

  it('offers batch actions for the chosen rows only, skipping rows that may not be chosen', async () => {
    const user = userEvent.setup();
    const onBatch = vi.fn();
    renderInFluent(<Harness onBatch={onBatch} />);
    expect(screen.queryByRole('region', { name: '批量操作' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: '选择第 1 行' }));
    await user.click(screen.getByRole('checkbox', { name: '选择第 3 行' }));
    // Row 2 may not be chosen (e.g. the signed-in user's own account).
    expect(screen.queryByRole('checkbox', { name: '选择第 2 行' })).toBeNull();
    const batch = screen.getByRole('region', { name: '批量操作' });
    expect(within(batch).getByText('已选 2 条')).toBeTruthy();
    await user.click(within(batch).getByRole('button', { name: '批量停用' }));
    expect(onBatch).toHaveBeenCalledWith(['u1', 'u3']);
    expect(screen.queryByRole('region', { name: '批量操作' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: '全选本页' }));
    expect(within(screen.getByRole('region', { name: '批量操作' })).getByText('已选 9 条')).toBeTruthy();
    // Another page starts with nothing chosen.
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.queryByRole('region', { name: '批量操作' })).toBeNull();
  });

  it('cuts long text with its full text on hover', () => {
    renderInFluent(<Harness />);
    const cell = screen.getByText('远景控股集团华东区域第1项目公司');
    expect(cell.getAttribute('title')).toBe('远景控股集团华东区域第1项目公司');
  });

  it('brings the top of the table back into view on another page', async () => {
    const user = userEvent.setup();
    renderInFluent(<Harness />);
    const table = screen.getByRole('table', { name: '用户列表' });
    const frame = table.parentElement!;
    const root = frame.parentElement!;
    frame.scrollTop = 300;
    root.getBoundingClientRect = () => ({
      top: -500,
      bottom: 0,
      left: 0,
      right: 0,
      width: 0,
      height: 0,
      x: 0,
      y: -500,
      toJSON: () => ({}),
    });
    const scrolled = vi.fn();
    root.scrollIntoView = scrolled;
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(screen.getByText('用户11')).toBeTruthy();
    expect(frame.scrollTop).toBe(0);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });
});
