// A numbered record opened at its business (a loan, a repayment) is found as its business: the business's id and
// number, on the page the stage names for that business.
import { describe, expect, it } from 'vitest';
import { businessHit } from './stage-search';

describe('businessHit', () => {
  it('answers the business of the record found, on the page named for it', () => {
    const hit = businessHit((businessId) => `/business/plan?id=${businessId}`);
    expect(hit({ item_id: 'R1', business_id: 'B1', business_no: 'YW20261130001', repayment_no: 'HK1' })).toEqual({
      keyId: 'B1',
      title: '业务编号 YW20261130001',
      path: '/business/plan?id=B1',
    });
  });
});
