// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaginationBar, type PaginationPart } from './pagination-bar';

afterEach(cleanup);

function Harness(props: {
  total: number;
  page?: number;
  size?: number;
  pagerCount?: number;
  layout?: PaginationPart[];
}) {
  const [state, setState] = useState({ page: props.page ?? 1, size: props.size ?? 10 });
  return (
    <FluentProvider theme={webLightTheme}>
      <PaginationBar
        total={props.total}
        page={state.page}
        pageSize={state.size}
        pagerCount={props.pagerCount}
        layout={props.layout}
        onChange={(page, size) => setState({ page, size })}
      />
      <output aria-label="状态">{`${state.page}/${state.size}`}</output>
    </FluentProvider>
  );
}

const nav = () => within(screen.getByRole('navigation', { name: '分页' }));
const state = () => screen.getByLabelText('状态').textContent;
/** The pager as text: page numbers, « and » for the "more" markers. */
const pager = () =>
  nav()
    .getAllByRole('listitem')
    .map((li) => {
      const button = within(li).getByRole('button');
      const label = button.getAttribute('aria-label');
      return label?.startsWith('向前') ? '«' : label?.startsWith('向后') ? '»' : button.textContent;
    })
    .join(' ');

describe('PaginationBar', () => {
  it('lays out prev, pager, next, jumper, total with seven pager buttons', () => {
    render(<Harness total={200} />);
    const order = [...screen.getByRole('navigation', { name: '分页' }).children].map(
      (el) => el.getAttribute('aria-label') ?? (el.tagName === 'UL' ? 'pager' : el.textContent),
    );
    expect(order).toEqual(['上一页', 'pager', '下一页', '前往页', '共 200 条']);
    expect(pager()).toBe('1 2 3 4 5 6 » 20');
    expect(nav().getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    expect((nav().getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves with next, the pager and the "more" markers', async () => {
    const user = userEvent.setup();
    render(<Harness total={200} />);
    await user.click(nav().getByRole('button', { name: '下一页' }));
    expect(state()).toBe('2/10');
    await user.click(nav().getByRole('button', { name: '6' }));
    expect(pager()).toBe('1 « 4 5 6 7 8 » 20');
    await user.click(nav().getByRole('button', { name: '向后 5 页' }));
    expect(state()).toBe('11/10');
    await user.click(nav().getByRole('button', { name: '20' }));
    expect((nav().getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('jumps to the typed page, clamped, and ignores text that is not a page', async () => {
    const user = userEvent.setup();
    render(<Harness total={95} />);
    const jumper = nav().getByRole('textbox', { name: '前往页' }) as HTMLInputElement;
    await user.clear(jumper);
    await user.type(jumper, '7{Enter}');
    expect(state()).toBe('7/10');
    await user.clear(jumper);
    await user.type(jumper, '99{Enter}');
    expect(state()).toBe('10/10');
    await user.clear(jumper);
    await user.type(jumper, 'abc');
    await user.tab();
    expect(state()).toBe('10/10');
    expect(jumper.value).toBe('10');
  });

  it('takes an odd pager count and falls back to 7 for an even one', () => {
    render(<Harness total={500} page={25} pagerCount={9} />);
    expect(pager()).toBe('1 « 22 23 24 25 26 27 28 » 50');
    cleanup();
    render(<Harness total={500} page={25} pagerCount={8} />);
    expect(pager()).toBe('1 « 23 24 25 26 27 » 50');
  });

  it('offers the sizes 10 to 100 when the layout asks for them, keeping the page if it still exists', async () => {
    const user = userEvent.setup();
    render(<Harness total={95} page={8} layout={['prev', 'pager', 'next', 'sizes', 'jumper', 'total']} />);
    const sizes = nav().getByRole('combobox', { name: '每页条数' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10条/页', '20条/页', '30条/页', '40条/页', '50条/页', '100条/页']);
    await user.selectOptions(sizes, '50条/页');
    expect(state()).toBe('2/50');
  });
});
