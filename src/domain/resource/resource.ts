// A plain resource is one definition: its fields (label, type, limits, pattern, where each is shown), its
// statuses with label and tone, what may be created, edited and deleted, and its workflow table. The
// gateway registers its routes and schemas from it, the client builds its list, form and detail from it,
// and the contract cases are generated from it (HOUSE.md "Workflows and resources"). A screen that needs
// more than the three escape hatches (a cell renderer, an extra action, a hook on create) is written by
// hand from the same kit.
//
// Values on the wire: text, enum, date ('YYYY-MM-DD'), datetime (ISO) and rate ('0.0600') are strings;
// money is an integer number of 分 and int an integer (BUSINESS.md "Money and dates").
import { businessDay, isCalendarDate, latestNearTermDay } from '../calendar/calendar-date';
import type { OperationCode } from '../menu/route-catalogue';
import type { PatternKind } from '../patterns/pattern-check';
import { checkPattern } from '../patterns/pattern-check';
import type { Tone, WorkflowTable } from '../workflow/workflow';

export type FieldType = 'text' | 'textarea' | 'enum' | 'money' | 'int' | 'rate' | 'date' | 'datetime';
export type WireValue = string | number | null;
export type ResourceRecord = Record<string, WireValue> & { keyId: string; status: string; version: number };
export type ResourceForm = Record<string, WireValue>;

/** How a value is shown in lists to those who may not see it whole (BUSINESS.md §4, 监管账户 and ID numbers). */
export type MaskKind = 'idNumber' | 'mobile' | 'account';

export interface FieldDef {
  key: string;
  label: string;
  type: FieldType;
  /** Text: at most this many characters (SPEC §5 defaults: 100, textarea 2000). Money, int: the largest value. */
  max?: number;
  /** Money, int: the smallest value (0 unless given). */
  min?: number;
  /** Form fields are required unless this says false. */
  required?: boolean;
  options?: Readonly<Record<string, string>>;
  /**
   * An enum of which one or more options are chosen: the wire value is the chosen codes joined by commas, in
   * the options' order (e.g. 'BULLET,EQUAL_PRINCIPAL'), so it stays one text column and one query value.
   */
  multiple?: boolean;
  /** An enum shown as a badge of these tones. */
  optionTones?: Readonly<Record<string, Tone>>;
  /** The shared pattern the value must follow, which may depend on the rest of the form. */
  pattern?: PatternKind | ((form: ResourceForm) => PatternKind | null);
  /** How a typed value is stored, e.g. upper case; applied before the checks on both sides. */
  normalize?: (value: string, form: ResourceForm) => string;
  /** Shown masked in lists; whole on the detail for those who may act on the record. */
  mask?: MaskKind;
  /** In the query form: a fuzzy match, an exact one, or a from–to range (`<key>From`, `<key>To`). */
  search?: 'like' | 'eq' | 'range';
  /** In the table, with its width in px. */
  list?: boolean | { width: number };
  /** In the form: on create only, or on create and edit. Fields without it are set by the gateway. */
  form?: 'create' | 'always';
  /** In the detail view unless false. */
  detail?: boolean;
  /**
   * Date: a near-term day, at most this many whole years after today (0: not after today), e.g. the day an
   * opinion was published or an interview held; other dates only need to be calendar dates.
   */
  nearTermYears?: number;
  /** Date: refuses a day before today in Asia/Shanghai (a lock's 到期日). */
  notPast?: boolean;
  /** The placeholder's example, e.g. for rates. */
  hint?: string;
  /** The database column; the key in snake_case unless given. */
  column?: string;
  /** The name of the user whose id is in this column (a join on the tenant's users). */
  userName?: boolean;
  /**
   * The value is the id of another row of the tenant (an organisation, a project…): the form picks it from
   * `{api}/options/{key}`, the gateway refuses an id that is not one of the rows the reference allows. Its name
   * is shown by a `refName` field over the same column.
   */
  ref?: RefDef;
  /** The name of the row this column refers to, read through the `ref` of the field stored in the same column. */
  refName?: boolean;
  /** The list's footer sums this money column over the whole filter (the page answer's `sums`). */
  sum?: boolean;
  /** A figure computed over another table's rows that point at this record; never written. */
  aggregate?: AggregateDef;
}

/** Another table's rows a field may point at: organisations of some types, projects, … (tenant-scoped). */
export interface RefDef {
  table: string;
  id: string;
  name: string;
  /** Column values the row must hold, or one of several, e.g. `{ org_type: ['SUBSIDIARY', 'PROJECT_COMPANY'] }`. */
  where?: Readonly<Record<string, string | readonly string[]>>;
  /**
   * Column values the rows the form offers hold besides, e.g. an enabled organisation; a record that names one
   * since disabled still saves, as only `where` is checked.
   */
  offered?: Readonly<Record<string, string>>;
  /** The offered rows' order: by name unless given. */
  order?: readonly string[];
}

/**
 * One of the tenant's organisations (of these types: a supplier, a capital side…), offered while enabled and in
 * the organisation tree's order.
 */
export const orgRef = (...types: readonly string[]): RefDef => ({
  table: 'organization',
  id: 'org_id',
  name: 'org_name',
  ...(types.length ? { where: { org_type: types } } : {}),
  offered: { status: 'ENABLED' },
  order: ['sort_no', 'org_id'],
});

/** The organisation types a reference allows (none: any). */
export const refTypes = (ref: RefDef | undefined): readonly string[] => {
  const types = ref?.table === 'organization' ? ref.where?.org_type : undefined;
  return types === undefined ? [] : typeof types === 'string' ? [types] : types;
};

/** count(*) or sum(column) of the rows of `table` whose `on` column holds this record's id. */
export interface AggregateDef {
  table: string;
  on: string;
  fn: 'count' | 'sum';
  column?: string;
  /** The other table has `deleted`. */
  softDelete?: boolean;
}

export interface StatusDef {
  label: string;
  tone: Tone;
}

export interface ResourceStorage {
  table: string;
  /** The id column; `<table>_id` unless given. */
  id?: string;
  /** Fixed column values that make the rows this resource's (one table shared by several kinds). */
  scope?: Readonly<Record<string, string>>;
  /** Where a transition writes its comment, actor and time, when the record shows them. */
  stamp?: { comment?: string; actor?: string; at?: string };
  /** The table has `deleted`: removal is a flag, the row stays for the audit. */
  softDelete?: boolean;
  /** The table has `created_by`. */
  createdBy?: boolean;
  /** A unique index name whose violation means the live-duplicate message (two creates at once). */
  uniqueIndex?: string;
}

export interface ResourceDef<S extends string = string> {
  /** The operation log's and the contract's name, e.g. certificate. */
  name: string;
  /** SPEC §7.2's generic helper `api/{subSys}/{module}`. */
  api: string;
  menuPath: string;
  title: string;
  /** The record's word in buttons and messages, e.g. 证书. */
  noun: string;
  storage: ResourceStorage;
  fields: readonly FieldDef[];
  statuses: Readonly<Record<S, StatusDef>>;
  /** The status a new record starts in. */
  initialStatus: S;
  /**
   * 新增: `label` on the button; `title` on the page or dialog it opens (新增 and the noun when absent), for a
   * resource whose button names something other than its noun — 新增资金方 opens 新增资金方.
   */
  create?: { label: string; op?: OperationCode; title?: string };
  /** Editing is allowed in these statuses. */
  update?: { when: readonly S[]; op?: OperationCode };
  /** Deleting is allowed in these statuses; `ownOnly`: only by the user who created it (storage.createdBy). */
  remove?: { when: readonly S[]; op?: OperationCode; ownOnly?: boolean };
  /**
   * SPEC §7.2's menu-scoped endpoints: the client sends `menuId` (the menu of `menuPath`) with every read,
   * and the gateway refuses a menu id that is not the resource's own.
   */
  menuScoped?: boolean;
  /** The detail lists the record's history: every write the operation log holds for it. */
  history?: boolean;
  /** 新增 and 编辑 open this full page (a hidden make page, `?id=` to edit) instead of the dialog. */
  makePath?: string;
  /** The make page's save button's code on the make page's own path (SPEC §6): `submit` unless given. */
  makeOp?: OperationCode;
  workflow?: WorkflowTable<S, ResourceRecord>;
  /** One live record per value of these fields (in the live statuses). */
  unique?: { fields: readonly string[]; statuses: readonly S[]; message: string };
  /** The list's order; newest first unless given. */
  order?: { key: string; direction: 'asc' | 'desc' };
  /** A rule across fields once each field passes, e.g. 已付 ≤ 应收: the field key and its message, or null. */
  /** Rules across fields: the refusal (or every refusal) of the form, each on the field it names. */
  crossCheck?: (
    form: ResourceForm,
  ) => { key: string; message: string } | readonly { key: string; message: string }[] | null;
  /** A valid form, for the contract cases and the generic tests. */
  sample: ResourceForm;
  /** The timeline's column: the field whose value names a record in confirmations, e.g. the company name. */
  titleField: string;
}

export const ResourceMessage = {
  required: (f: FieldDef) => `请${f.type === 'enum' || f.type === 'date' ? '选择' : '输入'}${f.label}`,
  tooLong: (f: FieldDef, max: number) => `${f.label}不能超过${max}个字符`,
  optionInvalid: (f: FieldDef) => `${f.label}不正确`,
  number: (f: FieldDef) => `请输入正确的${f.label}`,
  exponent: (f: FieldDef) => `${f.label}请直接填写金额（如 100000.00），不能使用科学计数法`,
  tooSmall: (f: FieldDef, min: string) => `${f.label}不能小于${min}`,
  tooLarge: (f: FieldDef, max: string) => `${f.label}不能大于${max}`,
  date: (f: FieldDef) => `请输入正确的${f.label}（YYYY-MM-DD）`,
  tooLate: (f: FieldDef, latest: string) => `${f.label}不能晚于${f.nearTermYears === 0 ? '今天' : latest}`,
  pastDay: (f: FieldDef) => `${f.label}不能早于今天`,
  rate: (f: FieldDef) => `${f.label}须为0到1之间、最多4位小数的数`,
  percent: (f: FieldDef) => `${f.label}请按百分数填写（如 6.5 表示 6.5%），最多两位小数`,
  notFound: '记录不存在',
  stale: '数据已被他人修改，请刷新后重试',
  notEditable: (noun: string) => `当前状态的${noun}不能编辑`,
  notRemovable: (noun: string) => `当前状态的${noun}不能删除`,
  notOwn: (noun: string) => `只能删除本人创建的${noun}`,
  wrongMenu: '菜单参数不正确',
} as const;

export const DEFAULT_TEXT_MAX = 100;
export const DEFAULT_TEXTAREA_MAX = 2000;
const MAX_MONEY_FEN = 1_000_000_000_000_00; // 1 万亿元: far beyond any single financing, within 2^53

export const textMax = (f: FieldDef) => f.max ?? (f.type === 'textarea' ? DEFAULT_TEXTAREA_MAX : DEFAULT_TEXT_MAX);
export const columnOf = (f: FieldDef) => f.column ?? f.key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const idColumnOf = (def: ResourceDef) => def.storage.id ?? `${def.storage.table}_id`;
/** Fields whose value the list's footer sums. */
export const sumFields = (def: ResourceDef) => def.fields.filter((f) => f.sum);
/** The field holding the `ref` a `refName` field reads through. */
export const refOf = (def: ResourceDef, f: FieldDef) =>
  f.ref ?? def.fields.find((x) => x.ref && columnOf(x) === columnOf(f))?.ref;
export const formFields = (def: ResourceDef, mode: 'create' | 'update') =>
  def.fields.filter((f) => f.form === 'always' || (f.form === 'create' && mode === 'create'));
export const searchFields = (def: ResourceDef) => def.fields.filter((f) => f.search);
export const columnFields = (def: ResourceDef) => def.fields.filter((f) => f.list);
export const detailFields = (def: ResourceDef) => def.fields.filter((f) => f.detail !== false);
export const fieldByKey = (def: ResourceDef, key: string) => def.fields.find((f) => f.key === key);
export const isRequired = (f: FieldDef) => f.required !== false;
/** A list column of the record's own table sorts on the gateway; a name joined or a figure computed elsewhere does not. */
export const isSortable = (f: FieldDef) => !!f.list && !f.userName && !f.refName && !f.aggregate;

const RATE = /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/;

/**
 * The codes of a `multiple` enum's value, each an option and none twice; null when one is not. The order of
 * the options is the order of the codes (what `joinOptions` writes).
 */
export function chosenOptions(f: FieldDef, value: string): string[] | null {
  const codes = value.split(',').map((c) => c.trim());
  if (codes.some((c) => !f.options || !(c in f.options)) || new Set(codes).size !== codes.length) return null;
  return codes;
}

/** A `multiple` enum's codes as its wire value, in the options' order. */
export const joinOptions = (f: FieldDef, codes: readonly string[]) =>
  Object.keys(f.options ?? {})
    .filter((k) => codes.includes(k))
    .join(',');

/** How an enum's value reads: its label, or the labels of a `multiple` enum's codes joined by 、. */
export function optionLabel(f: FieldDef, value: string): string {
  if (!f.multiple) return f.options?.[value] ?? value;
  return value
    .split(',')
    .map((c) => f.options?.[c.trim()] ?? c)
    .join('、');
}

/** The form with every text value trimmed and normalised as it will be stored. */
export function normalizeForm(def: ResourceDef, form: ResourceForm, mode: 'create' | 'update'): ResourceForm {
  const out: ResourceForm = {};
  for (const f of formFields(def, mode)) {
    const value = form[f.key];
    out[f.key] = typeof value === 'string' ? value.trim() : (value ?? null);
  }
  for (const f of formFields(def, mode)) {
    const value = out[f.key];
    if (f.normalize && typeof value === 'string' && value) out[f.key] = f.normalize(value, out);
  }
  return out;
}

/** The message for one field of a form, or null; the same words in the dialog and in the gateway's 160300400. */
export function validateField(f: FieldDef, form: ResourceForm, today: Date): string | null {
  const value = form[f.key];
  const empty = value === null || value === undefined || value === '';
  if (empty) return isRequired(f) ? ResourceMessage.required(f) : null;
  switch (f.type) {
    case 'money':
    case 'int': {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return ResourceMessage.number(f);
      const min = f.min ?? 0;
      const max = f.max ?? (f.type === 'money' ? MAX_MONEY_FEN : Number.MAX_SAFE_INTEGER);
      if (value < min) return ResourceMessage.tooSmall(f, f.type === 'money' ? fenText(min) : String(min));
      if (value > max) return ResourceMessage.tooLarge(f, f.type === 'money' ? fenText(max) : String(max));
      return null;
    }
    case 'enum':
      if (f.multiple)
        return typeof value === 'string' && chosenOptions(f, value) ? null : ResourceMessage.optionInvalid(f);
      return typeof value === 'string' && f.options && value in f.options ? null : ResourceMessage.optionInvalid(f);
    case 'date': {
      if (!isCalendarDate(value)) return ResourceMessage.date(f);
      if (f.notPast && value < businessDay(today)) return ResourceMessage.pastDay(f);
      if (f.nearTermYears === undefined) return null;
      const latest = latestNearTermDay(today, f.nearTermYears);
      return value > latest ? ResourceMessage.tooLate(f, latest) : null;
    }
    case 'rate':
      return typeof value === 'string' && RATE.test(value) ? null : ResourceMessage.rate(f);
    default: {
      if (typeof value !== 'string') return ResourceMessage.optionInvalid(f);
      const max = textMax(f);
      if ([...value].length > max) return ResourceMessage.tooLong(f, max);
      const kind = typeof f.pattern === 'function' ? f.pattern(form) : f.pattern;
      return kind ? checkPattern(kind, value, today) : null;
    }
  }
}

export function validateForm(
  def: ResourceDef,
  form: ResourceForm,
  mode: 'create' | 'update',
  today: Date,
): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  for (const f of formFields(def, mode)) {
    const message = validateField(f, form, today);
    if (message) errors[f.key] = message;
  }
  return crossChecked(def, form, errors);
}

/** The definition's rules across fields added to the fields' own messages, so a form shows them all at once. */
export function crossChecked(
  def: ResourceDef,
  form: ResourceForm,
  errors: Partial<Record<string, string>>,
): Partial<Record<string, string>> {
  if (!def.crossCheck) return errors;
  // A rule judges only fields that passed on their own; each field shows one message, its own first.
  const judged: ResourceForm = Object.fromEntries(
    Object.entries(form).map(([key, value]) => [key, errors[key] === undefined ? value : null]),
  );
  const found = def.crossCheck(judged);
  const refusals = found === null ? [] : 'key' in found ? [found] : found;
  const out = { ...errors };
  for (const r of refusals) if (out[r.key] === undefined) out[r.key] = r.message;
  return out;
}

export function firstFormError(def: ResourceDef, form: ResourceForm, mode: 'create' | 'update', today: Date) {
  return Object.values(validateForm(def, form, mode, today))[0] ?? null;
}

/** 分 as 元 with two decimals, for messages. */
function fenText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.trunc(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}元`;
}

/**
 * A reference field and the field that shows the name it points at, `<key>Name` over the same column: the id
 * is picked in the form, the name is shown in its place (in the list as `shown` says, and on the detail).
 */
export const withRefName = (id: FieldDef, shown: Pick<FieldDef, 'list' | 'detail'> = {}): [FieldDef, FieldDef] => [
  { ...id, detail: false },
  { key: `${id.key}Name`, label: id.label, type: 'text', column: columnOf(id), refName: true, ...shown },
];

/** The fields of the form that point at another row, whose choices the form reads when it opens. */
export const refFormFields = (def: ResourceDef) => def.fields.filter((f) => f.ref && f.form);

/** One entry of a record's history (the operation log), newest first. */
export interface HistoryEntry {
  occurredAt: string;
  userName: string;
  /** create, update, delete or a transition's action. */
  action: string;
  label: string;
  comment: string | null;
}

/** The heading of the page or dialog 新增 opens: the definition's own title, else 新增 and the noun. */
export const createTitle = (def: ResourceDef): string => def.create?.title ?? `新增${def.noun}`;

/** The word of a logged write on a resource, e.g. 新增, 编辑, or the transition's label. */
export function historyLabel(def: ResourceDef, action: string): string {
  if (action === 'create') return def.create?.label ?? `新增${def.noun}`;
  if (action === 'update') return `编辑${def.noun}`;
  if (action === 'delete') return `删除${def.noun}`;
  return def.workflow?.transitions.find((t) => t.action === action)?.label ?? action;
}

/** Whether a record may be edited or deleted in its status. */
export const canUpdate = (def: ResourceDef, record: ResourceRecord) => !!def.update?.when.includes(record.status);
export const canRemove = (def: ResourceDef, record: ResourceRecord) => !!def.remove?.when.includes(record.status);

/** Whole values on the detail only for someone who may act on the record; lists are always masked. */
export const WRITE_CODES: readonly OperationCode[] = ['add', 'edit', 'delete', 'submit', 'examine', 'reject'];
export const mayReadWhole = (grants: ReadonlySet<string>) => WRITE_CODES.some((code) => grants.has(code));
