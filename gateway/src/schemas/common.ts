// The shapes every module shares, written once (DESIGN.md §2): paging on the wire, record ids, the
// optimistic-lock version, and a page of records. Query and path values are strings on the wire.
import { type Static, type TSchema, Type } from 'typebox';
import { CALENDAR_DATE_MAX, CALENDAR_DATE_MIN, isCalendarDate } from '../../../src/domain/calendar/calendar-date';
import { SIGNER_ROLE_LABEL, type SignerRole } from '../../../src/domain/financing/signing';
import { MAX_TERM_DAYS } from '../../../src/domain/stage/term-factors';

/** `current` (1-based) and `size` (default 10, at most 100). */
export const PageQueryFields = {
  current: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$', description: '页码，从1开始' })),
  size: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', description: '每页条数，至多100' })),
};
export const PageQuery = Type.Object(PageQueryFields);
export type PageQuery = Static<typeof PageQuery>;

export const Id = Type.String({ minLength: 1, maxLength: 64 });
export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;
/** A route on one business (`/:businessId/…`), as a stage's routes take it. */
export const BusinessParams = Type.Object({ businessId: Id }, { additionalProperties: false });

export const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: '读取时的版本号' });

export const pageOf = <T extends TSchema>(record: T) =>
  Type.Object({ records: Type.Array(record), total: Type.Integer(), current: Type.Integer(), size: Type.Integer() });

/** The page asked for, with the defaults of DESIGN.md §2. */
export function pageRequest(query: { current?: string; size?: string }): {
  current: number;
  size: number;
  offset: number;
} {
  const current = Number(query.current ?? '1');
  const size = Number(query.size ?? '10');
  return { current, size, offset: (current - 1) * size };
}

/** A call that takes no query parameters. */
export const NoQuery = Type.Object({});

/**
 * The one date type (src/domain/calendar/calendar-date.ts): a day that exists, 'YYYY-MM-DD', within
 * 1900-01-01..2100-12-31. `format` names the check the app registers with Ajv (`SCHEMA_FORMATS`); the bad value
 * is answered 160300400 with the words of `formatSchemaErrors`. Every date field, body or query, uses it.
 */
export const CALENDAR_DATE_FORMAT = 'calendar-date';
export const CalendarDate = Type.String({
  format: CALENDAR_DATE_FORMAT,
  description: `日期 YYYY-MM-DD（${CALENDAR_DATE_MIN} 至 ${CALENDAR_DATE_MAX}）`,
});
/** A date a form or a query form may leave empty: '' or a calendar date. */
export const CalendarDateOrEmpty = Type.Union([CalendarDate, Type.Literal('')]);

/** The string formats the gateway's Ajv knows beyond ajv-formats' own. */
export const SCHEMA_FORMATS = { [CALENDAR_DATE_FORMAT]: (value: string) => isCalendarDate(value) };

/** An object of exactly these fields: anything more is refused. */
export const Strict = <T extends Parameters<typeof Type.Object>[0]>(p: T) =>
  Type.Object(p, { additionalProperties: false });

/** One of the codes a table of labels names (a contract's type, a letter's, a signer's role), as the wire sends it. */
export const CodeOf = <K extends string>(labels: Readonly<Record<K, string>>) =>
  Type.Unsafe<K>({ type: 'string', enum: Object.keys(labels) });

/** A signing party's place in the order and its role, as 合同签章 sets it and 发起 takes it. */
export const SignerParty = {
  order: Type.Integer({ minimum: 1, maximum: 10 }),
  role: CodeOf<SignerRole>(SIGNER_ROLE_LABEL),
};

/**
 * A financing's amount, rate and term as a form sends them (制作合同, 补充签约): 分 as an integer a JSON number holds
 * exactly, the annual rate as text (its places checked by the domain), days. `noun` names whose amount it is.
 */
export const TermFields = (noun: string) => ({
  amountFen: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991, description: `${noun}金额（分）` }),
  annualRate: Type.String({ maxLength: 12, description: '年利率，不超过4位小数' }),
  termDays: Type.Integer({ minimum: 1, maximum: MAX_TERM_DAYS }),
});
