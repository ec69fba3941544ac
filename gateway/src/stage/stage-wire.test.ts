// The kit's wire declaration: one list gives the schema a route answers with and the object it answers, each field
// read the same way whichever way the driver answered its column, and null where the record holds none.
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { wireFields } from './stage-wire';

type Row = {
  item_id: string;
  seq: number | string;
  kind: 'A' | 'B';
  note: string | null;
  closed: boolean;
  created_at: Date | string;
  due_on: Date | string | null;
  tags: string[] | string;
  code: number | null;
};
const w = wireFields<Row>();
const wire = w.record({
  keyId: w.text('item_id'),
  seq: w.int('seq', { description: '顺序' }),
  kind: w.text('kind'),
  kindLabel: w.label('kind', { A: '甲', B: '乙' }),
  note: w.nullable(w.text('note')),
  closed: w.bool('closed'),
  createdAt: w.iso('created_at'),
  dueOn: w.nullable(w.day('due_on')),
  tags: w.json('tags', Type.Array(Type.String()), []),
  codeLabel: w.nullable(w.label('code', { 1: '一' })),
  tagCount: w.nullable(w.of(Type.Integer(), (r) => (r.note === null ? null : r.seq))),
});

const row: Row = {
  ...{ item_id: 'k1', seq: '3', kind: 'B', note: null, closed: false },
  ...{ created_at: '2026-11-29T08:00:00+08:00', due_on: new Date('2026-12-01T00:00:00Z'), tags: '["x","y"]', code: 7 },
};

describe('a record’s wire declared once', () => {
  it('reads each field from the row as its kind says', () => {
    expect(wire.of(row)).toEqual({
      ...{ keyId: 'k1', seq: 3, kind: 'B', kindLabel: '乙', note: null, closed: false },
      ...{ createdAt: '2026-11-29T00:00:00.000Z', dueOn: '2026-12-01', tags: ['x', 'y'], codeLabel: null },
      tagCount: null,
    });
    const parsed = { ...row, seq: 4, note: '备注', due_on: null, tags: ['z'], code: 1 };
    expect(wire.of(parsed)).toMatchObject({ seq: 4, note: '备注', dueOn: null, tags: ['z'], tagCount: 4 });
    expect(wire.of(parsed).codeLabel).toBe('一');
    expect(wire.of({ ...row, code: null }).codeLabel).toBeNull();
  });

  it('gives the schema of exactly those fields, in their order, the nullable ones allowing null', () => {
    expect(Object.keys(wire.schema.properties)).toEqual(Object.keys(wire.of(row)));
    expect(wire.schema.properties.seq).toMatchObject({ type: 'integer', description: '顺序' });
    expect(Value.Check(wire.schema, wire.of(row))).toBe(true);
    expect(Value.Check(wire.schema, { ...wire.of(row), extra: 1 })).toBe(false);
    expect(Value.Check(wire.schema, { ...wire.of(row), keyId: null })).toBe(false);
  });
});
