// @vitest-environment happy-dom
// The make pages' fields as a person finds them: by their label, the select's first option meaning none,
// the message under a field, and a field without onChange read only.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInFluent } from './dialogs/dialog-test-support';
import { SelectField, TextField } from './form-fields';

afterEach(cleanup);

describe('SelectField', () => {
  const choices = [
    { value: 'a', label: '工商银行' },
    { value: 'b', label: '招商银行' },
  ];

  it('offers “none” first, then the choices, and answers the value picked', async () => {
    const onChange = vi.fn();
    renderInFluent(<SelectField label="资金方" value="" empty="请选择资金方" choices={choices} onChange={onChange} />);
    const select = screen.getByLabelText('资金方') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', '请选择资金方'],
      ['a', '工商银行'],
      ['b', '招商银行'],
    ]);
    await userEvent.selectOptions(select, '招商银行');
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it('has no empty option when the field always holds a choice, and shows its message', () => {
    renderInFluent(
      <SelectField label="会议形式" value="a" choices={choices} validationMessage="请选择" onChange={() => {}} />,
    );
    const select = screen.getByLabelText('会议形式') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['a', 'b']);
    expect(screen.getByText('请选择')).toBeTruthy();
  });
});

describe('TextField', () => {
  it('answers the text typed, named by its label unless it names itself', async () => {
    const onChange = vi.fn();
    renderInFluent(
      <>
        <TextField label="开户行" value="" onChange={onChange} />
        <TextField label="有效期至" aria-label="营业执照有效期至" type="date" value="" onChange={() => {}} />
      </>,
    );
    await userEvent.type(screen.getByLabelText('开户行'), '招');
    expect(onChange).toHaveBeenCalledWith('招');
    expect((screen.getByLabelText('营业执照有效期至') as HTMLInputElement).type).toBe('date');
  });

  it('is read only without onChange', () => {
    renderInFluent(<TextField label="收款户名" value="华东建材有限公司" readOnly />);
    const input = screen.getByLabelText('收款户名') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('华东建材有限公司');
  });
});
