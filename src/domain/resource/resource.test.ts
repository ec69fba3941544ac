import { describe, expect, it } from 'vitest';
import { CERTIFICATE, PERSONAL_CERTIFICATION } from '../certification/certification.resource';
import { NEGATIVE_OPINION } from '../risk/negative-opinion.resource';
import {
  createTitle,
  type FieldDef,
  columnOf,
  fieldByKey,
  firstFormError,
  formFields,
  mayReadWhole,
  orgRef,
  refFormFields,
  refOf,
  refTypes,
  normalizeForm,
  validateField,
  validateForm,
} from './resource';
import { SUPPLIER_LOCK } from '../risk/locks.resource';
import { ENTERPRISE_INFORMATION } from '../crm/enterprise-information';
import { FUND_PRODUCT } from '../funds/fund-product.resource';
import { formatPercent as percentText } from '../format/percent-format';
import {
  dateBounds,
  displayOf,
  rateHint,
  readForm,
  textOf,
  typedTextOf,
  typedWireValueOf,
  wireValueOf,
} from './resource-form';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

const money: FieldDef = { key: 'applyAmount', label: '申请金额', type: 'money', min: 1_000_000, max: 10_000_000_000 };

describe("a resource definition's form rules", () => {
  it('checks each sample against its own definition', () => {
    for (const def of [CERTIFICATE, PERSONAL_CERTIFICATION, NEGATIVE_OPINION]) {
      expect(firstFormError(def, normalizeForm(def, def.sample, 'create'), 'create', TODAY), def.name).toBeNull();
    }
  });

  it("says what is missing, too long or of the wrong pattern, in the field's words", () => {
    const errors = validateForm(
      PERSONAL_CERTIFICATION,
      { personName: '', residentId: '110105194912310021', mobile: '1391234' },
      'create',
      TODAY,
    );
    expect(errors).toEqual({
      personName: '请输入姓名',
      residentId: '请输入正确的身份证号码',
      mobile: '请输入正确的手机号码',
    });
    expect(validateField({ key: 'x', label: '摘要', type: 'textarea', max: 5 }, { x: '一二三四五六' }, TODAY)).toBe(
      '摘要不能超过5个字符',
    );
    expect(validateField({ key: 'x', label: '等级', type: 'enum', options: { A: 'A' } }, { x: 'B' }, TODAY)).toBe(
      '等级不正确',
    );
    expect(validateField({ key: 'x', label: '日期', type: 'date' }, { x: '2026-02-30' }, TODAY)).toBe(
      '请输入正确的日期（YYYY-MM-DD）',
    );
    expect(validateField({ key: 'x', label: '利率', type: 'rate' }, { x: '0.06' }, TODAY)).toBeNull();
    expect(validateField({ key: 'x', label: '利率', type: 'rate' }, { x: '0.060001' }, TODAY)).toMatch(/最多4位小数/);
  });

  it('judges money in whole 分 against its bounds, named in 元', () => {
    expect(validateField(money, { applyAmount: 1_000_000 }, TODAY)).toBeNull();
    expect(validateField(money, { applyAmount: 999_999 }, TODAY)).toBe('申请金额不能小于10,000.00元');
    expect(validateField(money, { applyAmount: 10_000_000_001 }, TODAY)).toBe('申请金额不能大于100,000,000.00元');
    expect(validateField(money, { applyAmount: 12.5 }, TODAY)).toBe('请输入正确的申请金额');
  });

  it('normalises as stored: the id number follows the holder type', () => {
    expect(
      normalizeForm(
        CERTIFICATE,
        { holderType: 'PERSONAL', holderName: ' 张三 ', idNumber: '11010519491231002x' },
        'create',
      ),
    ).toEqual({ holderType: 'PERSONAL', holderName: '张三', idNumber: '11010519491231002X' });
  });

  it('names columns in snake case unless told', () => {
    expect(columnOf({ key: 'publishedOn', label: '', type: 'date' })).toBe('published_on');
    expect(columnOf({ key: 'personName', label: '', type: 'text', column: 'subject_name' })).toBe('subject_name');
  });

  it('shows whole values only to someone who may act', () => {
    expect(mayReadWhole(new Set(['export']))).toBe(false);
    expect(mayReadWhole(new Set(['examine']))).toBe(true);
  });
});

describe('days that cannot be', () => {
  // 00:30 on 2026-11-26 in 上海 is still the 25th in UTC: the business's day is 上海's.
  const now = new Date('2026-11-25T16:30:00Z');
  const expires = fieldByKey(SUPPLIER_LOCK, 'expiresAt')!;
  const founded = fieldByKey(ENTERPRISE_INFORMATION, 'establishedOn')!;

  it("refuses a past day for a lock's 到期日 and a future one for 成立日期, on both sides", () => {
    expect(validateField(expires, { expiresAt: '2026-11-25' }, now)).toBe('到期日不能早于今天');
    expect(validateField(expires, { expiresAt: '2026-11-26' }, now)).toBeNull();
    expect(validateField(expires, { expiresAt: '' }, now)).toBeNull();
    expect(validateField(founded, { establishedOn: '2099-01-01' }, now)).toBe('成立日期不能晚于今天');
    expect(validateField(founded, { establishedOn: '2026-11-26' }, now)).toBeNull();
  });

  it("names a supplier lock by its supplier's name, read through the supplier reference", () => {
    const title = fieldByKey(SUPPLIER_LOCK, SUPPLIER_LOCK.titleField)!;
    expect(title.refName).toBe(true);
    expect(refOf(SUPPLIER_LOCK, title)).toEqual(orgRef('SUPPLIER'));
    expect(refFormFields(SUPPLIER_LOCK).map((f) => f.key)).toEqual(['supplierId']);
  });

  it('offers only the allowed days in the picker', () => {
    expect(dateBounds(expires, now)).toEqual({ min: '2026-11-26' });
    expect(dateBounds(founded, now)).toEqual({ max: '2026-11-26' });
    expect(dateBounds(money, now)).toEqual({});
  });
});

describe('typed text and the wire', () => {
  it('reads 元 as exact 分 and back', () => {
    expect(wireValueOf(money, '12,345.67')).toEqual({ value: 1_234_567 });
    expect(wireValueOf(money, '0.1')).toEqual({ value: 10 });
    expect(wireValueOf(money, '1.234')).toEqual({ error: '请输入正确的申请金额' });
    expect(wireValueOf(money, '1e5')).toEqual({ error: '申请金额请直接填写金额（如 100000.00），不能使用科学计数法' });
    expect(textOf(money, 1_234_567)).toBe('12,345.67');
    expect(wireValueOf(money, textOf(money, 1_234_567))).toEqual({ value: 1_234_567 });
    expect(displayOf(money, 1_234_567)).toBe('12,345.67');
    expect(displayOf(money, null)).toBe('--');
  });

  it('reports the rules across fields together with the fields own messages, all at once (/addFund)', () => {
    const texts = Object.fromEntries(
      formFields(FUND_PRODUCT, 'create').map((f) => [f.key, textOf(f, FUND_PRODUCT.sample[f.key])]),
    );
    const form = { ...texts, productName: '', maxRate: '0.3000', termMinDays: '300', termMaxDays: '200' };
    const { errors } = readForm(FUND_PRODUCT, form, 'create', TODAY);
    expect(errors).toEqual({
      productName: '请输入产品名称',
      maxRate: '最高年利率不能大于24%',
      termMaxDays: '最短期限不能大于最长期限',
    });
  });

  it('shows a typed rate as a percentage beside its input', () => {
    const rate = fieldByKey(FUND_PRODUCT, 'maxFinancingRatio')!;
    expect(rateHint(rate, '0.2000')).toBe('20.00%');
    expect(rateHint(rate, '0.085')).toBe('8.50%');
    expect(rateHint(rate, '2')).toBe('');
    expect(rateHint(money, '0.2')).toBe('');
  });

  it('reads a whole form and reports every field', () => {
    const { form, errors } = readForm(
      NEGATIVE_OPINION,
      {
        enterpriseName: '甲',
        title: '',
        source: '网',
        riskLevel: 'HIGH',
        publishedOn: '2026-01-01',
        url: '',
        summary: '',
      },
      'create',
      TODAY,
    );
    expect(form.enterpriseName).toBe('甲');
    expect(errors).toEqual({ title: '请输入舆情标题' });
  });

  it('shows rates as exact percentages', () => {
    expect(percentText('0.0600')).toBe('6.00%');
    expect(percentText('0.0575')).toBe('5.75%');
    expect(percentText('0.12345')).toBe('12.345%');
  });

  it('reads a stage form’s rate typed as a percentage, naming the field when it is none', () => {
    const rate = { key: 'annualRate', label: '年利率', type: 'rate' as const };
    expect(typedWireValueOf(rate, '5')).toEqual({ value: '0.0500' });
    expect(typedWireValueOf(rate, '6.25')).toEqual({ value: '0.0625' });
    expect(typedWireValueOf(rate, '')).toEqual({ value: '' });
    for (const bad of ['0.065.1', '6.255', '101', 'abc']) {
      expect(typedWireValueOf(rate, bad)).toEqual({ error: '年利率请按百分数填写（如 6.5 表示 6.5%），最多两位小数' });
    }
    expect(typedTextOf(rate, '0.0650')).toBe('6.5');
    // Any other field as before.
    const money = { key: 'amount', label: '金额', type: 'money' as const };
    expect(typedWireValueOf(money, '1,000.50')).toEqual(wireValueOf(money, '1,000.50'));
    expect(typedTextOf(money, 100_050)).toBe(textOf(money, 100_050));
  });
});

describe('what 新增 is called', () => {
  it("is the button's own words on the page it opens: 新增资金方 opens 新增资金方", () => {
    expect(createTitle(FUND_PRODUCT)).toBe('新增资金方');
    // Elsewhere the page names the noun, whatever the button's shorter word (新增纪要 opens 新增访谈纪要).
    expect(createTitle({ ...FUND_PRODUCT, create: { label: '新增' } })).toBe('新增资金产品');
  });
});

describe('a reference to another row', () => {
  it('names an organisation by its types, offering the enabled ones in the tree order', () => {
    const subsidiary = orgRef('SUBSIDIARY', 'PROJECT_COMPANY');
    expect(subsidiary).toMatchObject({
      table: 'organization',
      where: { org_type: ['SUBSIDIARY', 'PROJECT_COMPANY'] },
      offered: { status: 'ENABLED' },
      order: ['sort_no', 'org_id'],
    });
    expect(refTypes(subsidiary)).toEqual(['SUBSIDIARY', 'PROJECT_COMPANY']);
    // Any organisation (an interviewed enterprise) is bound by no type.
    expect(orgRef().where).toBeUndefined();
    expect(refTypes(orgRef())).toEqual([]);
    expect(refTypes({ table: 'project', id: 'project_id', name: 'project_name' })).toEqual([]);
  });

  it('reads a name through the reference stored in the same column', () => {
    const name = fieldByKey(FUND_PRODUCT, 'capitalSideIdName')!;
    const sideType = fieldByKey(FUND_PRODUCT, 'sideType')!;
    expect(refOf(FUND_PRODUCT, name)).toEqual(orgRef('CAPITAL_SIDE'));
    // A name field with a reference of its own reads through it: the capital side's type, not its name.
    expect(refOf(FUND_PRODUCT, sideType)?.table).toBe('capital_side');
    expect(refFormFields(FUND_PRODUCT).map((f) => f.key)).toEqual(['capitalSideId']);
  });
});
