// The stage kit and the stages on it talk to the database typed (HOUSE.md "Gateway": repositories over
// `Kysely<Database>`): a kit statement is checked against the columns its definitions' tables carry
// (stage-tables.ts), a module's own tables join `Database` by declaration merging. The untyped database of
// db/untyped.ts is for the modules not yet typed, and none of them is a stage: this fails when a stage's
// source (its tests aside, which may reach past the types to set up a fixture) takes it up again.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GATEWAY, MODULES, onTheKit, sources, stageModules } from '../testing/stage-modules';

/** What untyped database use looks like in source: the type itself, the alias, the helper, a query of anything. */
const UNTYPED = /Kysely<any>|\bAnyDb\b|\banyDb\b|db\/untyped'|QueryBuilder<any\b|Transaction<any>/;

function untypedUses(files: string[]): string[] {
  return files.flatMap((f) =>
    readFileSync(f, 'utf8')
      .split('\n')
      .flatMap((line, i) => (UNTYPED.test(line) ? [`${relative(GATEWAY, f)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('the stages use the database typed', () => {
  it('finds the stage modules, those on the kit among them', () => {
    expect(onTheKit).toEqual(expect.arrayContaining(['lending', 'financing-application', 'pre-credit']));
    for (const m of stageModules) expect(sources(join(MODULES, m)).length, m).toBeGreaterThan(0);
  });

  it('the kit uses no untyped database', () => {
    expect(untypedUses(sources(join(GATEWAY, 'stage')))).toEqual([]);
  });

  it.each(stageModules)('the %s module uses no untyped database', (m) => {
    expect(untypedUses(sources(join(MODULES, m)))).toEqual([]);
  });

  it('recognises an untyped use when it sees one', () => {
    const seen = (line: string) => UNTYPED.test(line);
    expect(seen('const t = trx as unknown as Kysely<any>;')).toBe(true);
    expect(seen("import type { AnyDb } from '../../db/untyped';")).toBe(true);
    expect(seen('orders: SelectQueryBuilder<any, any, any>,')).toBe(true);
    expect(seen('db: Kysely<Database>, orders: OperandExpression<string>')).toBe(false);
  });
});
