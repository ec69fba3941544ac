// A stage record made step by step, in revisions (the report's eight steps; "Decisions for the lifecycle's
// second half": Report): one row per business with its number, the revision being made and its maker, and
// one row per step and revision, each saved on its own — the content as JSON of wire values and whether the
// domain finds it done. The record's row is made on the first save (its maker the saver, its number
// prefix + yyyyMMdd + seq). A return to the maker (a review's 退回, the meeting's 复议) opens revision + 1 with
// the steps carried over, inside the transition's transaction; the earlier revision stays as submitted.
import { type Kysely, sql } from 'kysely';
import { Type } from 'typebox';
import { stageOf } from '../../../src/domain/financing/lifecycle';
import type { Database } from '../db/database';
import { type Actor, nextDocumentNo } from '../modules/business/aggregate';
import { type AfterTransition, registerAfterTransition } from '../modules/business/after-transition';
import type { Extensions } from './extensions';
import type { TablesWith } from './stage-tables';
import type { Stage } from '../../../src/domain/financing/stages';
import type { DocumentKind } from '../../../src/domain/document-numbers';

export type StepContent = Record<string, string | number | null>;

/** What a stepped record's row carries besides its key and number columns (named by the stage). */
export interface StepRecordColumns {
  tenant_id: string;
  revision: number;
  maker_id: string | null;
  maker_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What each saved step's row carries besides the record's key column. */
export interface StepColumns {
  tenant_id: string;
  revision: number;
  step_key: string;
  content: unknown;
  done: boolean;
  saved_by: string | null;
  saved_by_id: string | null;
  saved_at: Date;
}

type StepRecordTable = TablesWith<StepRecordColumns>;
type StepTable = TablesWith<StepColumns>;
type StepsView = Kysely<
  Omit<Database, StepRecordTable | StepTable> & { [K in StepRecordTable]: StepRecordColumns } & {
    [K in StepTable]: StepColumns;
  }
>;
/** The kit's statements on a stage's stepped record and its steps, checked against their columns. */
const stepsDb = (db: Kysely<Database>) => db as unknown as StepsView;

export interface StepsSpec<K extends string> {
  stage: Stage;
  /** The record's table and its id and number columns; the steps' table (`<id>, tenant_id, revision, …`). */
  table: StepRecordTable;
  id: string;
  no: string;
  /** The kind of document its number is (src/domain/document-numbers.ts). */
  kind: DocumentKind;
  stepTable: StepTable;
  steps: readonly { key: K; title: string }[];
  /** Whether a step is done, given every step of the revision (one may stand on another). */
  done(key: K, content: StepContent, all: Partial<Record<K, StepContent>>, today: Date): boolean;
}

export interface StoredStep<K extends string> {
  key: K;
  title: string;
  done: boolean;
  content: StepContent;
  savedAt: string | null;
  savedBy: string | null;
}

export interface StoredSteps<K extends string> {
  no: string;
  revision: number;
  makerId: string | null;
  makerName: string | null;
  /** Every revision, oldest first, each with every step (one not saved yet empty and not done). */
  revisions: { revision: number; steps: StoredStep<K>[] }[];
}

const parsed = (v: unknown): StepContent => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as StepContent;

export function stageSteps<K extends string>(spec: StepsSpec<K>) {
  const { table, stepTable, id: ID } = spec;

  // The record's key and number columns are the stage's own (report_id, report_no), named by its spec.
  const idRef = sql.ref(ID);
  async function load(database: Kysely<Database>, tenantId: string, id: string): Promise<StoredSteps<K> | null> {
    const db = stepsDb(database);
    const r = (await db
      .selectFrom(table)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where(idRef, '=', id)
      .executeTakeFirst()) as (StepRecordColumns & Record<string, unknown>) | undefined;
    if (!r) return null;
    const rows = await db
      .selectFrom(stepTable)
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where(idRef, '=', id)
      .execute();
    const revision = Number(r.revision);
    const revisions = Array.from({ length: revision }, (_, i) => {
      const mine = rows.filter((s) => Number(s.revision) === i + 1);
      const steps = spec.steps.map((def): StoredStep<K> => {
        const s = mine.find((x) => x.step_key === def.key);
        const savedAt = s ? new Date(s.saved_at).toISOString() : null;
        const content = s ? parsed(s.content) : {};
        return { key: def.key, title: def.title, done: !!s?.done, content, savedAt, savedBy: s?.saved_by ?? null };
      });
      return { revision: i + 1, steps };
    });
    const maker = { makerId: r.maker_id ?? null, makerName: r.maker_name ?? null };
    return { no: String(r[spec.no]), revision, ...maker, revisions };
  }

  /** The steps of the revision being made, by key (only those saved). */
  const current = (stored: StoredSteps<K> | null): Partial<Record<K, StepContent>> => {
    const out: Partial<Record<K, StepContent>> = {};
    for (const s of stored?.revisions.at(-1)?.steps ?? []) if (s.savedAt) out[s.key] = s.content;
    return out;
  };

  /** Saves one step of the revision being made, written whole; every step's `done` found again. */
  async function save(
    trx: Kysely<Database>,
    d: { tenantId: string; businessId: string; actor: Actor; now: Date; key: K; content: StepContent },
  ): Promise<{ no: string; revision: number }> {
    const db = stepsDb(trx);
    let stored = await load(trx, d.tenantId, d.businessId);
    if (!stored) {
      const no = await nextDocumentNo(trx, d.tenantId, spec.kind, d.now);
      const row = { [ID]: d.businessId, tenant_id: d.tenantId, [spec.no]: no, revision: 1 };
      const maker = { maker_id: d.actor.userId, maker_name: d.actor.userName, created_at: d.now, updated_at: d.now };
      await db
        .insertInto(table)
        .values({ ...row, ...maker })
        .execute();
      stored = (await load(trx, d.tenantId, d.businessId)) as StoredSteps<K>;
    }
    const revision = stored.revision;
    const steps = { ...current(stored), [d.key]: d.content } as Partial<Record<K, StepContent>>;
    const saved = {
      ...{ content: JSON.stringify(d.content), saved_by: d.actor.userName },
      ...{ saved_by_id: d.actor.userId, saved_at: d.now },
    };
    await db
      .insertInto(stepTable)
      .values({ [ID]: d.businessId, tenant_id: d.tenantId, revision, step_key: d.key, ...saved, done: false })
      .onConflict((oc) => oc.expression(sql`${idRef}, revision, step_key`).doUpdateSet(saved))
      .execute();
    for (const [key, content] of Object.entries(steps) as [K, StepContent][]) {
      await db
        .updateTable(stepTable)
        .set({ done: spec.done(key, content, steps, d.now) })
        .where(idRef, '=', d.businessId)
        .where('revision', '=', revision)
        .where('step_key', '=', key)
        .execute();
    }
    await db.updateTable(table).set({ updated_at: d.now }).where(idRef, '=', d.businessId).execute();
    return { no: stored.no, revision };
  }

  // A 退回 opens the next revision, every step carried over (each app registers it: `registerRevision`).
  const nextRevisionOnReturn: AfterTransition = async (trx, done) => {
    const returned = `${spec.stage}/RETURNED`;
    if (done.to !== returned || done.from === done.to || stageOf(done.from) === 'TERMINATED') return;
    const db = stepsDb(trx);
    const stored = await load(trx, done.tenantId, done.businessId);
    if (!stored) return;
    const next = stored.revision + 1;
    await sql`insert into ${sql.table(stepTable)} (${sql.ref(ID)}, tenant_id, revision, step_key, content, done,
        saved_by, saved_by_id, saved_at)
      select ${sql.ref(ID)}, tenant_id, ${next}, step_key, content, done, saved_by, saved_by_id, saved_at
      from ${sql.table(stepTable)}
      where tenant_id = ${done.tenantId} and ${sql.ref(ID)} = ${done.businessId} and revision = ${stored.revision}`.execute(
      trx,
    );
    await db
      .updateTable(table)
      .set({ revision: next, updated_at: done.now })
      .where(idRef, '=', done.businessId)
      .execute();
  };

  /**
   * Who wrote the revision being made, by id: everyone who saved one of its steps (a step carried over from
   * the revision before keeps its writer). Each is one of its makers and never reviews it.
   */
  async function writers(database: Kysely<Database>, tenantId: string, id: string): Promise<string[]> {
    const rows = await stepsDb(database)
      .selectFrom(`${stepTable} as s`)
      .innerJoin(`${table} as r`, (j) =>
        j.on(sql.ref(`r.${ID}`), '=', sql.ref(`s.${ID}`)).onRef('r.revision', '=', 's.revision'),
      )
      .select('s.saved_by_id')
      .distinct()
      .where('s.tenant_id', '=', tenantId)
      .where(sql.ref(`s.${ID}`), '=', id)
      .where('s.saved_by_id', 'is not', null)
      .execute();
    return rows.map((r) => String(r.saved_by_id));
  }

  const registerRevision = (x: Extensions) => registerAfterTransition(x, `${table}.revision`, nextRevisionOnReturn);

  return { load, current, save, writers, registerRevision };
}

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** The wire of a stepped record: its steps and revisions in the detail, one step's content in a save. */
export function stepsSchemas(steps: readonly { key: string; title: string }[]) {
  const Value = Type.Union([Type.String({ maxLength: 5000 }), Type.Integer(), Type.Null()]);
  const Content = Type.Record(Type.String({ maxLength: 40 }), Value, { maxProperties: 40 });
  const Step = Type.Object(
    {
      ...{ key: Type.String(), title: Type.String(), done: Type.Boolean(), content: Content },
      ...{ savedAt: Nullable(Type.String()), savedBy: Nullable(Type.String()) },
    },
    { additionalProperties: false },
  );
  const Revision = Type.Object({ revision: Type.Integer(), steps: Type.Array(Step) }, { additionalProperties: false });
  return {
    detail: {
      steps: Type.Array(Step, { description: '正在制作（或最近提交）的修订版的各章节' }),
      revisions: Type.Array(Revision, { description: '全部修订版，旧的在前；早先的修订版只读' }),
    },
    save: {
      step: Type.String({ maxLength: 20, description: steps.map((s) => `${s.key} ${s.title}`).join(' | ') }),
      content: Content,
    },
  };
}
