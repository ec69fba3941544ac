// The gateway half of a record a second person confirms, without a database: the items a stage gets from its few
// words — the shared wire fields beside its own (nothing else on the wire), the registration's body with the flow
// number and receipt, FINANCE's 新增 waiting as PENDING — and what a move writes and a to-do shows of its review.
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { type ReviewState, startReview } from '../../../src/domain/financing/review';
import { REPAYMENT_ITEMS } from '../../../src/domain/financing/repayment';
import { reviewLevel, reviewedItems, reviewedOfRow, reviewedWrite } from './stage-reviewed-items';
import { Type } from 'typebox';

const level = (reviewerIds: string[]) => ({
  ...{ roles: [], userIds: reviewerIds, reviewerIds },
  ...{ approveMethod: 'ANY' as const, rejectHandler: 'TERMINATE' as const },
});
const review: ReviewState = startReview({ type: 'REPAYMENT', makerId: 'f1', levels: [level(['a']), level(['b'])] });
const row = {
  ...{ item_id: 'i1', business_id: 'b1', seq: 2, status: 'PENDING', version: 1, flow_no: 'LS1' },
  ...{ receipt_file_id: 'file1', registrar_id: 'f1', review: JSON.stringify(review), check_comment: null },
  no: 'HK1',
};
type Item = ReturnType<typeof reviewedOfRow> & { name: string; no: string };
const ITEMS = reviewedItems<Item>({
  items: {
    ...{ name: 'repayment', api: '/api/x', menu: '/x', table: 'repayment', states: [] },
    ...{ messages: { notFound: '不存在', stale: '已被他人处理' } },
    fromRow: (r) => ({ ...reviewedOfRow(r), name: String(r.no), no: String(r.no) }),
  },
  workflow: REPAYMENT_ITEMS,
  labels: { PENDING: '待确认', CONFIRMED: '已确认', REJECTED: '已驳回' },
  wire: { properties: { no: Type.String() }, of: (i) => ({ no: i.no }) },
  register: {
    ...{ summary: '登记', who: ['FINANCE'], receipt: '回单', body: { amount: Type.Integer() } },
    ...{ noColumn: 'repayment_no', kind: 'repayment', review: 'REPAYMENT', receiptType: 'r', flowTaken: '已登记' },
    columns: async () => ({}),
  },
});

describe('a reviewed record on the kit', () => {
  it('puts the shared fields and the stage’s own on the wire, with where it stands, and nothing else', () => {
    const item = ITEMS.fromRow(row);
    const wire = ITEMS.wire.of(item);
    expect(wire).toEqual({
      ...{ keyId: 'i1', businessId: 'b1', seq: 2, flowNo: 'LS1', receiptFileId: 'file1', status: 'PENDING' },
      ...{ statusLabel: '待确认', level: 1, levels: 2, checkComment: null, version: 1, no: 'HK1' },
    });
    expect(Value.Check(ITEMS.wire.schema, wire)).toBe(true);
    expect(Value.Check(ITEMS.wire.schema, { ...wire, registrarId: 'f1' })).toBe(false);
  });

  it('registers as FINANCE’s 新增 waiting, with the flow number and receipt beside the stage’s body', () => {
    expect(ITEMS.create).toMatchObject({ op: 'add', who: ['FINANCE'], status: 'PENDING', duplicate: '已登记' });
    expect(Object.keys(ITEMS.create?.body ?? {})).toEqual(['amount', 'flowNo', 'receiptFileId']);
  });

  it('writes who moved it and the review after their opinion; a to-do shows the level it waits at', () => {
    const item = ITEMS.fromRow(row);
    const now = new Date('2026-11-29T02:00:00Z');
    const move = { tenantId: 't', now, action: 'confirm', to: 'PENDING' as const, comment: '', values: {} };
    const written = reviewedWrite(item, { ...move, actor: { userId: 'a' } as never });
    expect(written).toMatchObject({ checked_by: 'a', checked_at: now, check_comment: null });
    expect(JSON.parse(String(written.review)).level).toBe(2);
    expect(reviewLevel(item)).toEqual({ level: 1, levels: 2 });
    expect(reviewLevel({ review: null })).toBeNull();
  });
});
