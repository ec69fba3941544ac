// @vitest-environment happy-dom
// A choice field by its label: the options' words shown for their codes (after an empty choice's words when
// asked), the chosen code handed on, and nothing to choose while disabled.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInFluent } from '../../kit/dialogs/dialog-test-support';
import { ChoiceField } from './choice-field';

afterEach(cleanup);

const OPTIONS = { SUPPLIER: '供应商', FACTOR: '保理人/资金方' };

describe('ChoiceField', () => {
  it('shows the words of each code and hands on the chosen code', () => {
    const onChange = vi.fn();
    renderInFluent(<ChoiceField label="第1签署方" value="SUPPLIER" options={OPTIONS} onChange={onChange} />);
    const select = screen.getByLabelText('第1签署方') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual(Object.entries(OPTIONS));
    fireEvent.change(select, { target: { value: 'FACTOR' } });
    expect(onChange).toHaveBeenCalledWith('FACTOR');
  });

  it('offers an empty choice with its words while none is chosen, and hands on the code chosen', () => {
    const onChange = vi.fn();
    renderInFluent(
      <ChoiceField label="发送方式" value="" options={OPTIONS} placeholder="请选择发送方式" onChange={onChange} />,
    );
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['请选择发送方式', '供应商', '保理人/资金方']);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'SUPPLIER' } });
    expect(onChange).toHaveBeenCalledWith('SUPPLIER');
  });

  it('is disabled when told', () => {
    renderInFluent(<ChoiceField label="页码" value="1" options={{ 1: '第1页' }} disabled onChange={() => undefined} />);
    expect((screen.getByLabelText('页码') as HTMLSelectElement).disabled).toBe(true);
  });
});
