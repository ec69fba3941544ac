// A document's terms as a form's fields (合同制作's factors, 签约补充's terms): 金额 typed in 元 and sent as 分, the
// annual rate as decimal text, the term in days, and the repayment method where the document states one — each
// prefilled where the page knows the business's TERM elements, and each saying before anything is sent what the
// gateway's rule for typed terms (`termDraftProblem`) would refuse, in its words.
import { yuanToFen } from '../../../domain/format/money-format';
import { REPAYMENT_METHOD_LABEL } from '../../../domain/funds/fund-product.resource';
import { TermMessage, fourPlaces, isTermDays } from '../../../domain/stage/term-factors';
import { type FormField, asFen, asNumber, trimmed, yuanTyped } from './form-fields';

/** The terms a form starts from: 分, the rate as decimal text, days, the method's code; null or absent: none. */
export interface TermPrefill {
  amountFen?: number | null;
  annualRate?: string | null;
  termDays?: number | null;
  repaymentMethod?: string | null;
}

/** The terms' fields of a `noun` (合同, 补充协议); the method's only when `method`. */
export function termFields(noun: string, prefill: TermPrefill = {}, method = false): FormField[] {
  const fields: FormField[] = [
    {
      ...{ key: 'amountFen', label: '金额（元）', kind: 'decimal', required: true, wire: asFen },
      value: yuanTyped(prefill.amountFen ?? null),
      problem: (typed) => ((yuanToFen(typed) ?? 0n) > 0n ? null : `请输入正确的${noun}金额`),
    },
    {
      ...{
        key: 'annualRate',
        label: '年利率',
        kind: 'decimal',
        hint: '小数，如 0.0650',
        required: true,
        wire: trimmed,
      },
      value: prefill.annualRate ?? '',
      problem: (typed) => (fourPlaces(typed) === null ? TermMessage.rate : null),
    },
    {
      ...{ key: 'termDays', label: '期限（天）', kind: 'text', required: true, wire: asNumber },
      value: String(prefill.termDays ?? ''),
      problem: (typed) => (/^\d+$/.test(typed.trim()) && isTermDays(Number(typed)) ? null : TermMessage.term),
    },
  ];
  if (!method) return fields;
  return [
    ...fields,
    {
      ...{ key: 'repaymentMethod', label: '还款方式', required: true, value: prefill.repaymentMethod ?? '' },
      kind: { empty: '请选择', options: REPAYMENT_METHOD_LABEL },
      problem: (typed) => (Object.hasOwn(REPAYMENT_METHOD_LABEL, typed) ? null : TermMessage.method),
    },
  ];
}
