// The columns every stage item carries, read alike whichever stage's row it is (a letter, a contract, an element):
// the id, business, order, name, status and version, whatever else the row holds left to the stage.
import { describe, expect, it } from 'vitest';
import { itemOf } from './stage-items';

describe('itemOf', () => {
  it('reads the item columns of a row, a count given as text by the driver too', () => {
    const row = { item_id: 'L1', business_id: 'B1', seq: '2', name: '应收账款转让通知书', status: 'SENT', version: 3 };
    expect(itemOf<'SENT'>({ ...row, letter_no: 'HJ001' })).toEqual({
      ...{ itemId: 'L1', businessId: 'B1', seq: 2, name: '应收账款转让通知书', status: 'SENT', version: 3 },
    });
  });
});
