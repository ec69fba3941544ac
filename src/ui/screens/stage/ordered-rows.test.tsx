// @vitest-environment happy-dom
// Parties in order by role and label: each row a group named by its place, one more row (of what `more` makes) up
// to the most, the last removed down to the least, a row's own controls changing only it, the row worked on chosen
// by its button, nothing added or removed when the rows are set elsewhere, and the stage's buttons beside them.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInFluent } from '../../kit/dialogs/dialog-test-support';
import { OrderedRows, useOrderedRows } from './ordered-rows';

afterEach(cleanup);

type Row = { order: number; name: string };
const NAMES = ['甲', '乙', '丙', '丁'];

function Harness(props: { fixed?: boolean; choose?: boolean }) {
  const rows = useOrderedRows<Row>(() => [
    { order: 1, name: '甲' },
    { order: 2, name: '乙' },
  ]);
  return (
    <>
      <OrderedRows
        {...{ state: rows, noun: '签署方', min: 2, max: 3, remove: '移除最后一方', fixed: !!props.fixed }}
        {...(props.choose ? { choose: { chosen: '正在放置', choose: '在图上放置' } } : {})}
        more={(all) => ({ name: NAMES[all.length] ?? '' })}
        buttons={<button type="button">保存</button>}
      >
        {(r, i) => <input aria-label="名称" value={r.name} onChange={(e) => rows.set(i, { name: e.target.value })} />}
      </OrderedRows>
      <p>{`worked on ${rows.active}: ${rows.rows.map((r) => `${r.order}.${r.name}`).join(' ')}`}</p>
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('OrderedRows', () => {
  it('adds up to the most and removes the last down to the least, numbering the rows in order', () => {
    renderInFluent(<Harness />);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['第1签署方', '第2签署方']);
    expect(button('移除最后一方').disabled).toBe(true);
    fireEvent.click(button('添加签署方'));
    expect(screen.getByText('worked on 0: 1.甲 2.乙 3.丙')).toBeTruthy();
    expect(button('添加签署方').disabled).toBe(true);
    fireEvent.change(within(screen.getByRole('group', { name: '第3签署方' })).getByLabelText('名称'), {
      target: { value: '戊' },
    });
    expect(screen.getByText('worked on 0: 1.甲 2.乙 3.戊')).toBeTruthy();
    fireEvent.click(button('移除最后一方'));
    expect(screen.getByText('worked on 0: 1.甲 2.乙')).toBeTruthy();
    expect(button('保存')).toBeTruthy();
  });

  it('chooses the row worked on by its button', () => {
    renderInFluent(<Harness choose />);
    const second = screen.getByRole('group', { name: '第2签署方' });
    fireEvent.click(within(second).getByRole('button', { name: '在图上放置' }));
    expect(within(second).getByRole('button', { name: '正在放置' })).toBeTruthy();
    expect(screen.getByText(/^worked on 1:/)).toBeTruthy();
  });

  it('offers no adding or removing when the rows are set elsewhere', () => {
    renderInFluent(<Harness fixed />);
    expect(screen.queryByRole('button', { name: '添加签署方' })).toBeNull();
    expect(screen.queryByRole('button', { name: '移除最后一方' })).toBeNull();
    expect(button('保存')).toBeTruthy();
  });
});
