// @vitest-environment happy-dom
// Below 768 px every list of the kit is a column of cards (title, key fields, status, actions) and its query
// form folds behind 筛选; at a desktop width the same props give the table and the open form.
import { Input } from '@fluentui/react-components';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInFluent, withoutWebAnimations } from '../dialogs/dialog-test-support';
import { PagedTable, type PagedTableColumn } from '../dialogs/paged-table';
import { QueryForm, QueryFormItem } from '../dialogs/query-form';

beforeAll(withoutWebAnimations);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The viewport as the media queries see it. */
function viewport(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}

interface Order {
  id: string;
  no: string;
  project: string;
  company: string;
  supplier: string;
  contract: string;
  amount: string;
  due: string;
  status: string;
}
const ROWS: Order[] = [1, 2].map((i) => ({
  id: `o${i}`,
  no: `FKSZ2026000${i}`,
  project: `湖畔花园${i}期`,
  company: '苏州远景置业有限公司',
  supplier: '华东建材有限公司',
  contract: `HT-SZ-00${i}`,
  amount: `${i},000.00`,
  due: '2027-01-03',
  status: i === 1 ? '已确权' : '待确权',
}));
const view = vi.fn();
const COLUMNS: PagedTableColumn<Order>[] = [
  { key: 'no', title: '付款单号' },
  { key: 'project', title: '项目' },
  { key: 'company', title: '项目公司' },
  { key: 'supplier', title: '供应商' },
  { key: 'contract', title: '合同编号' },
  { key: 'amount', title: '应收金额' },
  { key: 'due', title: '应付日' },
  { key: 'status', title: '状态' },
  {
    key: 'operations',
    title: '操作',
    fixed: 'right',
    render: (row) => (
      <button type="button" onClick={() => view(row.no)}>
        查看
      </button>
    ),
  },
];

const table = () =>
  renderInFluent(
    <PagedTable
      aria-label="付款单列表"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(r) => r.id}
      total={2}
      page={1}
      onPageChange={() => undefined}
    />,
  );

describe('the kit on a phone', () => {
  it('shows each row as a card: the title, five key fields, the status, and the actions that work', async () => {
    viewport(390);
    table();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: '付款单列表' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('FKSZ20260001')).toBeTruthy();
    for (const label of ['项目', '项目公司', '供应商', '合同编号', '应收金额', '状态']) {
      expect(first.getByText(label).tagName).toBe('DT');
    }
    // Past the five key fields only what asks to be on the card: the status, not 应付日.
    expect(first.queryByText('应付日')).toBeNull();
    expect(first.getByText('已确权')).toBeTruthy();
    await userEvent.click(first.getByRole('button', { name: '查看' }));
    expect(view).toHaveBeenCalledWith('FKSZ20260001');
  });

  it('keeps the table, scrollable by keyboard, at a desktop width', () => {
    viewport(1440);
    table();
    expect(screen.queryByRole('list', { name: '付款单列表' })).toBeNull();
    expect(screen.getByRole('table', { name: '付款单列表' })).toBeTruthy();
    const frame = screen.getByRole('region', { name: '付款单列表（可滚动）' });
    expect(frame.tabIndex).toBe(0);
  });

  it('folds the query form behind 筛选, and folds it again after a search', async () => {
    viewport(390);
    const search = vi.fn();
    renderInFluent(
      <QueryForm onSearch={search} onReset={() => undefined}>
        <QueryFormItem label="付款单号">
          <Input />
        </QueryFormItem>
      </QueryForm>,
    );
    const filter = screen.getByRole('button', { name: '筛选' });
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('search')).toBeNull();
    await userEvent.click(filter);
    expect(filter.getAttribute('aria-expanded')).toBe('true');
    await userEvent.type(screen.getByRole('textbox', { name: '付款单号' }), 'FK{Enter}');
    expect(search).toHaveBeenCalledOnce();
    expect(filter.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('shows the form open with no 筛选 at a desktop width', () => {
    viewport(1440);
    renderInFluent(
      <QueryForm onSearch={() => undefined} onReset={() => undefined}>
        <QueryFormItem label="付款单号">
          <Input />
        </QueryFormItem>
      </QueryForm>,
    );
    expect(screen.getByRole('search')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '筛选' })).toBeNull();
  });
});
