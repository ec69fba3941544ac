import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_TEMPLATE_ID } from '../constants';
import { authorizationLetter, isAuthorizationGranted, letterToShow } from './supplier-authorization';

describe('the data-query authorization letter', () => {
  const letter = authorizationLetter();

  it('is template 2208121420261270001, a letter to the banks', () => {
    expect(letter.templateId).toBe(AUTHORIZATION_TEMPLATE_ID);
    expect(letter.title).toBe('数据查询授权书');
    expect(letter.content.split('\n')[0]).toMatch(/^致：.*银行/);
  });

  it('covers every kind of information SPEC §3 names, of the group and its subsidiaries', () => {
    for (const kind of [
      '身份信息',
      '设备及IP信息',
      '工商登记及司法信息',
      '税务信息',
      '增值税发票信息',
      '结算账户流水信息',
      '政务信息',
      '票据信息',
      '采购或招投标信息',
      '合同信息',
      '应收账款信息',
      '产值及结算信息',
    ]) {
      expect(letter.content).toContain(kind);
    }
    expect(letter.content).toContain('远景控股集团及其下属子公司');
  });

  it('allows the business data to flow back: institution, disbursement and repayment, product elements', () => {
    const backFeed = letter.content.split('\n').find((line) => line.includes('回传'));
    expect(backFeed).toBeDefined();
    for (const item of ['金融机构', '放款及还款信息', '融资产品要素']) expect(backFeed).toContain(item);
  });

  it('names the tenant group it is given', () => {
    expect(authorizationLetter('星河集团').content).toContain('星河集团及其下属子公司');
  });
});

describe('letterToShow', () => {
  it('is null when the check returns nothing', () => {
    for (const data of [null, undefined, false, '', 0]) expect(letterToShow(data)).toBeNull();
  });

  it("shows the gateway's letter when it sends one", () => {
    expect(letterToShow({ templateId: 'T1', title: '授权书', content: '正文' })).toEqual({
      templateId: 'T1',
      title: '授权书',
      content: '正文',
    });
  });

  it("falls back to the product's letter for any other truthy answer", () => {
    expect(letterToShow(true)).toEqual(authorizationLetter());
    expect(letterToShow({ needed: 1 })).toEqual(authorizationLetter());
  });
});

describe('isAuthorizationGranted', () => {
  it("is code '0' only, as text or number", () => {
    expect(isAuthorizationGranted({ code: '0' })).toBe(true);
    expect(isAuthorizationGranted({ code: 0 as unknown as '0' })).toBe(true);
    expect(isAuthorizationGranted({ code: '1' })).toBe(false);
  });
});
