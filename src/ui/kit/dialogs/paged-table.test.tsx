// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderInFluent, withoutWebAnimations } from './dialog-test-support';
import { PagedTable, type PagedTableColumn } from './paged-table';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

interface Supplier {
  id: string;
  name: string;
  amount: number;
}

const ALL: Supplier[] = Array.from({ length: 95 }, (_, i) => ({
  id: `s${i + 1}`,
  name: `供应商${i + 1}`,
  amount: (i + 1) * 100,
}));
const COLUMNS: PagedTableColumn<Supplier>[] = [
  { key: 'name', title: '供应商名称' },
  { key: 'amount', title: '金额', render: (row) => `${row.amount.toFixed(2)} 元` },
];

/** A page of the rows above, the way an owner fetching pages would hand them over. */
function Harness({ rows = ALL, loading = false }: { rows?: Supplier[]; loading?: boolean }) {
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const page = rows.slice((paging.page - 1) * paging.size, paging.page * paging.size);
  return (
    <PagedTable
      aria-label="供应商列表"
      columns={COLUMNS}
      rows={page}
      rowKey={(r) => r.id}
      total={rows.length}
      page={paging.page}
      pageSize={paging.size}
      loading={loading}
      onPageChange={(p, size) => setPaging({ page: p, size })}
    />
  );
}

const table = () => screen.getByRole('table', { name: '供应商列表' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('PagedTable', () => {
  it('shows ten rows of the first page under the column titles, with the total', () => {
    renderInFluent(<Harness />);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['供应商名称', '金额']);
    expect(bodyRows()).toHaveLength(10);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['供应商1', '100.00 元']);
    expect(screen.getByText('共 95 条')).toBeTruthy();
  });

  it('pages through the pagination bar and offers the sizes 10 to 100', async () => {
    const user = userEvent.setup();
    renderInFluent(<Harness />);
    const nav = within(screen.getByRole('navigation', { name: '分页' }));
    await user.click(nav.getByRole('button', { name: '下一页' }));
    expect(firstCells()[0]).toBe('供应商11');
    const sizes = nav.getByRole('combobox', { name: '每页条数' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10条/页', '20条/页', '30条/页', '40条/页', '50条/页', '100条/页']);
    await user.selectOptions(sizes, '50条/页');
    expect(bodyRows()).toHaveLength(45);
    expect(firstCells()[0]).toBe('供应商51');
  });

  it('says 暂无数据 when there are no rows', () => {
    renderInFluent(<Harness rows={[]} />);
    expect(bodyRows()).toHaveLength(1);
    expect(within(table()).getByText('暂无数据')).toBeTruthy();
    expect(screen.getByText('共 0 条')).toBeTruthy();
  });

  it('shows a spinner and holds the pager still while loading', () => {
    renderInFluent(<Harness loading />);
    expect(table().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('加载中')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: '分页' }));
    expect((nav.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
