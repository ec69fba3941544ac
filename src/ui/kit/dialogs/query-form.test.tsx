// @vitest-environment happy-dom
import { Input } from '@fluentui/react-components';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInFluent, withoutWebAnimations } from './dialog-test-support';
import { QueryForm, QueryFormItem, formColumnSpan } from './query-form';

beforeAll(withoutWebAnimations);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness({
  onSearch,
  validate,
}: {
  onSearch: (values: { name: string; code: string }) => void;
  validate?: () => boolean | Promise<boolean>;
}) {
  const blank = { name: '', code: '' };
  const [values, setValues] = useState(blank);
  return (
    <QueryForm onSearch={() => onSearch(values)} onReset={() => setValues(blank)} validate={validate}>
      <QueryFormItem label="供应商名称">
        <Input value={values.name} onChange={(_e, d) => setValues({ ...values, name: d.value })} />
      </QueryFormItem>
      <QueryFormItem label="供应商编号">
        <Input value={values.code} onChange={(_e, d) => setValues({ ...values, code: d.value })} />
      </QueryFormItem>
    </QueryForm>
  );
}

describe('QueryForm', () => {
  it('searches with the typed values on 查询 and on Enter', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderInFluent(<Harness onSearch={onSearch} />);
    expect(screen.getByRole('search', { name: '查询条件' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: '供应商名称' }), '华东建材');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenLastCalledWith({ name: '华东建材', code: '' });
    await user.type(screen.getByRole('textbox', { name: '供应商编号' }), 'GYS001{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({ name: '华东建材', code: 'GYS001' });
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('clears the fields on 重置 without searching', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderInFluent(<Harness onSearch={onSearch} />);
    const name = screen.getByRole('textbox', { name: '供应商名称' }) as HTMLInputElement;
    await user.type(name, '华东');
    await user.click(screen.getByRole('button', { name: '重置' }));
    expect(name.value).toBe('');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('validates first: an invalid form only logs 表单有误', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const onSearch = vi.fn();
    const validate = vi.fn().mockResolvedValueOnce(false).mockReturnValueOnce(true);
    renderInFluent(<Harness onSearch={onSearch} validate={validate} />);
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(validate).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('表单有误');
    expect(onSearch).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('puts the label in a 150 px column beside its input', () => {
    renderInFluent(<Harness onSearch={vi.fn()} />);
    const label = screen.getByText('供应商名称');
    const field = label.closest('.fui-Field') as HTMLElement;
    expect(getComputedStyle(field).gridTemplateColumns).toBe('150px minmax(0, 1fr)');
  });
});

describe('formColumnSpan', () => {
  it('takes 24, 12, 8, 6 and 6 of 24 columns at xs, sm, md, lg and xl', () => {
    expect([375, 767, 768, 991, 992, 1199, 1200, 1919, 1920, 2560].map(formColumnSpan)).toEqual([
      24, 24, 12, 12, 8, 8, 6, 6, 6, 6,
    ]);
  });
});
