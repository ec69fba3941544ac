// @vitest-environment happy-dom
import { Field } from '@fluentui/react-components';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderInFluent, withoutWebAnimations } from './dialogs/dialog-test-support';
import { TreeSelect, treeOf } from './tree-select';

beforeAll(withoutWebAnimations);
afterEach(cleanup);

const ORGS = [
  { id: 'g', parent: null, name: '远景控股集团' },
  { id: 's1', parent: 'g', name: '远景华东公司' },
  { id: 'p1', parent: 's1', name: '杭州滨江项目公司' },
  { id: 's2', parent: 'g', name: '远景华南公司' },
  { id: 'p2', parent: 's2', name: '深圳南山项目公司' },
];
const NODES = treeOf(
  ORGS,
  (o) => o.id,
  (o) => o.parent,
  (o) => o.name,
);

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <Field label="所属组织">
        <TreeSelect nodes={NODES} value={value} onChange={setValue} clearable />
      </Field>
      <output aria-label="已选">{value}</output>
    </>
  );
}

describe('TreeSelect', () => {
  it('filters by name, keeps the path above a match, and chooses with a click', async () => {
    const user = userEvent.setup();
    renderInFluent(<Harness />);
    const box = screen.getByRole('combobox', { name: '所属组织' });
    await user.click(box);
    expect(screen.getAllByRole('treeitem')).toHaveLength(5);
    await user.type(box, '滨江');
    const shown = screen.getAllByRole('treeitem');
    expect(shown.map((i) => i.textContent)).toEqual(['远景控股集团', '远景华东公司', '杭州滨江项目公司']);
    expect(shown.map((i) => i.getAttribute('aria-level'))).toEqual(['1', '2', '3']);
    await user.click(screen.getByRole('treeitem', { name: '杭州滨江项目公司' }));
    expect(screen.getByLabelText('已选').textContent).toBe('p1');
    expect(screen.queryByRole('tree')).toBeNull();
    expect((box as HTMLInputElement).value).toBe('杭州滨江项目公司');
  });

  it('is usable from the keyboard: type, arrows, Enter; Escape closes', async () => {
    const user = userEvent.setup();
    renderInFluent(<Harness />);
    const box = screen.getByRole('combobox', { name: '所属组织' });
    box.focus();
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('华南');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('已选').textContent).toBe('s2');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tree')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tree')).toBeNull();
    await user.click(screen.getByRole('button', { name: '清空' }));
    expect(screen.getByLabelText('已选').textContent).toBe('');
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    renderInFluent(<Harness />);
    await user.type(screen.getByRole('combobox', { name: '所属组织' }), '不存在');
    expect(screen.getByText('无匹配项')).toBeTruthy();
  });
});
