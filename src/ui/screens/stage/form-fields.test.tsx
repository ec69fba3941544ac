// @vitest-environment happy-dom
// The kit's fields as data by their labels: each field prefilled as it says, a choice setting what goes with it, a
// number handed back as one, a field shown only while the values call for it, one disabled on its own; and the
// request the values make (元 as 分, a whole number, trimmed, empty as null, a choice left out until made) — also as
// ActionForm sends it, with its button's words following the values, and nothing sent while a field says why not;
// an upload field holding the ids of the files uploaded.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesContext, type Services } from '../../app/services';
import { renderInFluent, withoutWebAnimations } from '../../kit/dialogs/dialog-test-support';
import { ActionForm } from './action-form';
import {
  type FormField,
  FormFields,
  type FormValues,
  asFen,
  asIds,
  asNumber,
  ifChosen,
  orNull,
  requestOf,
  trimmed,
  valuesOf,
  yuanTyped,
} from './form-fields';

beforeAll(withoutWebAnimations);
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const TYPES = { FACTORING: '保理合同', TRANSFER: '转让合同' };
const FIELDS: readonly FormField[] = [
  { key: 'type', label: '合同类型', kind: { options: TYPES }, value: 'FACTORING', sets: (t) => ({ name: `${t}名` }) },
  { key: 'name', label: '合同名称', kind: 'text', value: 'FACTORING名', wire: trimmed },
  {
    ...{ key: 'amountFen', label: '金额（元）', kind: 'decimal', value: yuanTyped(100050), wire: asFen },
    problem: (t) => (t.includes('x') ? '请输入正确的金额' : null),
  },
  { key: 'termDays', label: '期限（天）', kind: 'text', value: '180', wire: asNumber },
  { key: 'payee', label: '收款账户', kind: 'text', wire: orNull },
  { key: 'replacesId', label: '替代', kind: { empty: '不替代', options: { c1: 'V1' } }, wire: ifChosen },
  { key: 'note', label: '说明', kind: 'textarea', shown: (v) => v.type === 'TRANSFER', disabled: true },
];

describe('FormFields', () => {
  it('draws the fields prefilled, hands back what a choice sets with it, and shows a field when called for', () => {
    const onChange = vi.fn();
    const values = valuesOf(FIELDS);
    const { rerender } = renderInFluent(<FormFields fields={FIELDS} values={values} onChange={onChange} />);
    expect((screen.getByLabelText('金额（元）') as HTMLInputElement).value).toBe('1000.50');
    const replaces = screen.getByLabelText('替代') as HTMLSelectElement;
    expect([...replaces.options].map((o) => [o.value, o.text])).toEqual([
      ['', '不替代'],
      ['c1', 'V1'],
    ]);
    expect((screen.getByLabelText('收款账户') as HTMLInputElement).value).toBe('');
    expect(screen.queryByLabelText('说明')).toBeNull();
    fireEvent.change(screen.getByLabelText('合同类型'), { target: { value: 'TRANSFER' } });
    expect(onChange).toHaveBeenCalledWith({ type: 'TRANSFER', name: 'TRANSFER名' });
    rerender(<FormFields fields={FIELDS} values={{ ...values, type: 'TRANSFER' }} onChange={onChange} />);
    expect((screen.getByLabelText('说明') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('hands a number field back as a number, and a choice marked numeric too', () => {
    const onChange = vi.fn();
    const fields: FormField<{ page: number; x: number }>[] = [
      { key: 'page', label: '页码', kind: { options: { 1: '第1页', 2: '第2页' } }, numeric: true },
      { key: 'x', label: '距左（磅）', kind: 'number' },
    ];
    renderInFluent(<FormFields fields={fields} values={{ page: 1, x: 60 }} onChange={onChange} />);
    expect((screen.getByLabelText('距左（磅）') as HTMLInputElement).value).toBe('60');
    fireEvent.change(screen.getByLabelText('距左（磅）'), { target: { value: '72' } });
    expect(onChange).toHaveBeenLastCalledWith({ x: 72 });
    fireEvent.change(screen.getByLabelText('页码'), { target: { value: '2' } });
    expect(onChange).toHaveBeenLastCalledWith({ page: 2 });
  });

  it('disables every field when told', () => {
    renderInFluent(<FormFields fields={FIELDS} values={valuesOf(FIELDS)} disabled onChange={() => undefined} />);
    expect((screen.getByLabelText('合同名称') as HTMLInputElement).disabled).toBe(true);
  });

  it('holds a text, short or long, to its most characters', () => {
    const fields: FormField[] = [
      { key: 'name', label: '名称', kind: 'text', max: 20 },
      { key: 'finding', label: '检查发现', kind: 'textarea', max: 500 },
    ];
    renderInFluent(<FormFields fields={fields} values={valuesOf(fields)} onChange={() => undefined} />);
    expect((screen.getByLabelText('名称') as HTMLInputElement).maxLength).toBe(20);
    expect((screen.getByLabelText('检查发现') as HTMLTextAreaElement).maxLength).toBe(500);
  });
});

describe('an upload field', () => {
  it('holds the ids of the files uploaded, and its request carries them as a list', async () => {
    const files = { upload: vi.fn(async () => ({ keyId: 'k1', name: '补充协议.pdf', size: 5, extension: 'pdf' })) };
    const notifier = { success: vi.fn(), error: vi.fn(), warning: vi.fn() };
    const onChange = vi.fn();
    const fields: FormField[] = [{ key: 'fileIds', label: '补充协议', kind: { upload: 'pdf', limit: 5 }, wire: asIds }];
    renderInFluent(
      <ServicesContext.Provider value={{ files, notifier } as unknown as Services}>
        <FormFields fields={fields} values={{ fileIds: '' }} onChange={onChange} />
      </ServicesContext.Provider>,
    );
    await userEvent.upload(screen.getByLabelText('补充协议（选择文件）'), new File(['%PDF-'], '补充协议.pdf'));
    await vi.waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ fileIds: 'k1' }));
    expect(requestOf(fields, { fileIds: 'k1,k2' })).toEqual({ fileIds: ['k1', 'k2'] });
    expect(requestOf(fields, { fileIds: '' })).toEqual({ fileIds: [] });
  });
});

describe('requestOf', () => {
  it('carries each shown field as it says, leaving out a choice not made', () => {
    const values: FormValues = { ...valuesOf(FIELDS), name: ' 保理合同 ', payee: '  ' };
    expect(requestOf(FIELDS, values)).toEqual({
      ...{ type: 'FACTORING', name: '保理合同', amountFen: 100050, termDays: 180, payee: null },
    });
    expect(requestOf(FIELDS, { ...values, replacesId: 'c1', type: 'TRANSFER' })).toMatchObject({
      replacesId: 'c1',
      note: '',
    });
  });
});

describe('ActionForm', () => {
  it('sends the values and their request, its button worded by the values', async () => {
    const send = vi.fn(async () => undefined);
    const done = vi.fn();
    const notifier = { success: vi.fn(), error: vi.fn() };
    renderInFluent(
      <ServicesContext.Provider value={{ notifier } as unknown as Services}>
        <ActionForm
          {...{ label: '合同要素', fields: FIELDS, send, success: '合同已生成', done }}
          button={(v) => (v.type === 'FACTORING' ? '生成合同' : '保存合同')}
        />
      </ServicesContext.Provider>,
    );
    expect(screen.getByRole('heading', { name: '合同要素' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('合同类型'), { target: { value: 'TRANSFER' } });
    // A field that says why it cannot be sent: said, and nothing sent.
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '1x' } });
    await userEvent.click(screen.getByRole('button', { name: '保存合同' }));
    expect(notifier.error).toHaveBeenCalledWith('请输入正确的金额');
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('金额（元）'), { target: { value: '1000.5' } });
    await userEvent.click(screen.getByRole('button', { name: '保存合同' }));
    await vi.waitFor(() => expect(done).toHaveBeenCalled());
    expect(notifier.success).toHaveBeenCalledWith('合同已生成');
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'TRANSFER', name: 'TRANSFER名' }),
      expect.objectContaining({ type: 'TRANSFER', name: 'TRANSFER名', amountFen: 100050, note: '' }),
    );
  });
});
