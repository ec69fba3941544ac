// What a person types and what the wire carries: money is typed in 元 ('1,234.56') and sent as integer 分,
// ints as digits, everything else as text. The same domain checks then judge the wire value on both sides.
import { businessDay, latestNearTermDay } from '../calendar/calendar-date';
import { formatDate, formatDateTime } from '../format/date-format';
import { fenToWire } from '../decimal/wire-fen';
import { formatFen, isExponentText, yuanToFen } from '../format/money-format';
import { formatPercent, percentToRate, rateToPercentText } from '../format/percent-format';
import {
  type FieldDef,
  type ResourceDef,
  type ResourceForm,
  type ResourceRecord,
  type WireValue,
  ResourceMessage,
  crossChecked,
  formFields,
  normalizeForm,
  optionLabel,
  validateField,
  refTypes,
} from './resource';

export type FormTexts = Record<string, string>;

/** The typed text of one field as the wire value, or the message when it cannot be one. */
export function wireValueOf(f: FieldDef, text: string): { value: WireValue } | { error: string } {
  const t = text.trim();
  if (t === '') return { value: f.type === 'money' || f.type === 'int' ? null : '' };
  if (f.type === 'money') {
    if (isExponentText(t)) return { error: ResourceMessage.exponent(f) };
    const fen = yuanToFen(t);
    if (fen === null || fen > BigInt(Number.MAX_SAFE_INTEGER) || fen < -BigInt(Number.MAX_SAFE_INTEGER)) {
      return { error: ResourceMessage.number(f) };
    }
    return { value: fenToWire(fen) };
  }
  if (f.type === 'int') return /^-?\d{1,15}$/.test(t) ? { value: Number(t) } : { error: ResourceMessage.number(f) };
  return { value: t };
}

/**
 * A stage form's typed text as the wire value: rates and ratios are typed as percentages, as people write them
 * ('5' is 5 %, sent as '0.0500'); any other field as wireValueOf.
 */
export function typedWireValueOf(f: FieldDef, text: string): { value: WireValue } | { error: string } {
  if (f.type !== 'rate' || text.trim() === '') return wireValueOf(f, text);
  const rate = percentToRate(text);
  // At most 100 %: a rate or ratio is a share of the whole (the field's own limits say the rest).
  return rate === null || !/^(0\.\d{4}|1\.0000)$/.test(rate) ? { error: ResourceMessage.percent(f) } : { value: rate };
}

/** A value as a stage form shows it for typing: a rate as its percentage ('0.0650' → '6.5'), else as textOf. */
export function typedTextOf(f: FieldDef, value: WireValue | undefined): string {
  return f.type === 'rate' && typeof value === 'string' ? rateToPercentText(value) : textOf(f, value);
}

/** The days a date picker offers: not before today for `notPast`, not after the near-term limit (Asia/Shanghai). */
export function dateBounds(f: FieldDef, today: Date): { min?: string; max?: string } {
  if (f.type !== 'date') return {};
  return {
    ...(f.notPast ? { min: businessDay(today) } : {}),
    ...(f.nearTermYears !== undefined ? { max: latestNearTermDay(today, f.nearTermYears) } : {}),
  };
}

/** A record's or a sample's value as the form shows it for editing: money in 元 with separators (SPEC §9). */
export function textOf(f: FieldDef, value: WireValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (f.type === 'money' && typeof value === 'number') return formatFen(BigInt(value));
  return String(value);
}

/** What a typed rate means as a percentage, shown beside the input ('0.2000' → '20.00%'); '' until it is one. */
export function rateHint(f: FieldDef, text: string): string {
  if (f.type !== 'rate') return '';
  const t = text.trim();
  return /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(t) ? formatPercent(t) : '';
}

export function emptyTexts(def: ResourceDef, mode: 'create' | 'update', record?: ResourceRecord): FormTexts {
  return Object.fromEntries(
    formFields(def, mode).map((f) => [
      f.key,
      record ? textOf(f, record[f.key]) : f.options ? Object.keys(f.options)[0]! : '',
    ]),
  );
}

/**
 * The organisation fields a new record's form fills and fixes: a 供应商 field the gateway offered exactly one
 * choice for (a supplier user sees only its own company — the gateway refuses any other), keyed by field.
 */
export function fixedOrgChoices(
  def: ResourceDef,
  options: Readonly<Record<string, readonly { keyId: string }[]>>,
): Record<string, string> {
  const fixed: Record<string, string> = {};
  for (const f of formFields(def, 'create')) {
    const only = options[f.key];
    if (refTypes(f.ref).includes('SUPPLIER') && only?.length === 1 && only[0]) fixed[f.key] = only[0].keyId;
  }
  return fixed;
}

/** The wire form of the typed texts, and the message of each field that does not pass. */
export function readForm(
  def: ResourceDef,
  texts: FormTexts,
  mode: 'create' | 'update',
  today: Date,
): { form: ResourceForm; errors: Partial<Record<string, string>> } {
  const raw: ResourceForm = {};
  const errors: Partial<Record<string, string>> = {};
  for (const f of formFields(def, mode)) {
    const read = wireValueOf(f, texts[f.key] ?? '');
    if ('error' in read) errors[f.key] = read.error;
    else raw[f.key] = read.value;
  }
  const form = normalizeForm(def, raw, mode);
  for (const f of formFields(def, mode)) {
    if (errors[f.key]) continue;
    const message = validateField(f, form, today);
    if (message) errors[f.key] = message;
  }
  return { form, errors: crossChecked(def, form, errors) };
}

/** How a value reads in a table or a detail: labels for enums, 元 for money, '--' for nothing. */
export function displayOf(f: FieldDef, value: WireValue | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  if (f.options && typeof value === 'string') return optionLabel(f, value);
  if (f.type === 'money' && typeof value === 'number') return formatFen(BigInt(value));
  if (f.type === 'datetime' && typeof value === 'string') return formatDateTime(value);
  if (f.type === 'date' && typeof value === 'string') return formatDate(value);
  if (f.type === 'rate' && typeof value === 'string') return formatPercent(value);
  return String(value);
}
