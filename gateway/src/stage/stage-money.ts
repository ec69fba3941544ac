// Money tables on the stage kit (BUSINESS.md "Money and dates"; DESIGN.md §2): a stage that keeps amounts of its
// own (a loan, its installments, later repayments) stores them as bigint 分, reads them as bigint into the domain
// — PGlite and node-postgres hand an int8 back as text — and sends them on the wire as an integer number of 分.
// Dates are `date` columns read as 'YYYY-MM-DD' whichever way the driver hands them back.
import type { ColumnType } from 'kysely';
import { type TSchema, Type } from 'typebox';
import { fenToWire } from '../../../src/domain/decimal/wire-fen';

/** A bigint 分 column: read as text or bigint, written as a bigint. */
export type FenColumn = ColumnType<string | bigint, bigint, bigint>;
/** A bigint 分 column with a default (0). */
export type FenDefaulted = ColumnType<string | bigint, bigint | undefined, bigint>;
/** A `date` column, written as 'YYYY-MM-DD'. */
export type DayColumn = ColumnType<string | Date, string, string>;
export type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A stored 分 as bigint. */
export const fenOf = (v: unknown): bigint => BigInt(String(v ?? 0));

/** A stored 分 as bigint; null (not set) stays null. */
export const fenOrNullOf = (v: unknown): bigint | null => (v === null || v === undefined ? null : fenOf(v));

/** 分 as the wire carries it (DESIGN.md §2): an integer number of 分, refused past what a JSON number holds exactly. */
export const wireFen = fenToWire;

/** A stored date as 'YYYY-MM-DD'; null stays null. */
export const dayOf = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

/** 分 on the wire: a non-negative integer, safe in a JSON number. */
export const FenSchema = (description: string) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

/** A calendar date on the wire. */
export const DaySchema = (description: string) => Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description });

export const NullableSchema = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
