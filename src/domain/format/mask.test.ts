import { describe, expect, it } from 'vitest';
import { residentIdCheckChar } from '../patterns/resident-id';
import {
  maskAccount,
  maskIdNumber,
  maskMobile,
  maskPersonalData,
  maskPersonalNumbers,
  maskValue,
  personalDataKind,
} from './mask';

describe('masks for lists', () => {
  it('keeps the first four and last four characters of an ID number', () => {
    expect(maskIdNumber('330204199001011238')).toBe('3302**********1238');
    expect(maskIdNumber('91310000MA1FL8XQ30')).toBe('9131**********XQ30');
  });
  it('keeps the prefix and last four digits of a mobile number', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
  });
  it('shows only the last four digits of an account', () => {
    expect(maskAccount('6222021234567890123')).toBe('**** 0123');
  });
  it('leaves empty and short values alone', () => {
    expect(maskValue('idNumber', '')).toBe('');
    expect(maskIdNumber('1234')).toBe('1234');
    expect(maskMobile('123')).toBe('123');
  });
});

describe('personal data in a logged record', () => {
  it('knows the keys however a snapshot spells them', () => {
    expect(personalDataKind('mobile')).toBe('mobile');
    expect(personalDataKind('contactPhone')).toBe('mobile');
    expect(personalDataKind('contact_mobile')).toBe('mobile');
    expect(personalDataKind('idNumber')).toBe('idNumber');
    expect(personalDataKind('legalPersonIdNumber')).toBe('idNumber');
    expect(personalDataKind('id_number')).toBe('idNumber');
    expect(personalDataKind('accountNo')).toBe('account');
    expect(personalDataKind('account_no')).toBe('account');
    expect(personalDataKind('bankAccount')).toBe('account');
    for (const key of ['accountName', 'userName', 'keyId', 'status', 'remark', 'orgId'])
      expect(personalDataKind(key), key).toBeNull();
  });

  it('masks them at any depth with the list masks, and leaves the rest', () => {
    const record = {
      keyId: '1',
      accountName: '华东建材有限公司',
      accountNo: '6222021234567890123',
      holder: { idNumber: '330204199001011238', contactMobile: '13812345678' },
      people: [{ mobile: '13900001111', name: '张三' }],
      version: 2,
    };
    expect(maskPersonalData(record)).toEqual({
      keyId: '1',
      accountName: '华东建材有限公司',
      accountNo: '**** 0123',
      holder: { idNumber: '3302**********1238', contactMobile: '138****5678' },
      people: [{ mobile: '139****1111', name: '张三' }],
      version: 2,
    });
  });
});

describe('masks by what a value is', () => {
  const id = `11010119900307451${residentIdCheckChar('11010119900307451')}`;

  it('masks a resident ID with a valid check character and a mobile inside any text', () => {
    expect(maskPersonalNumbers(`由张三（身份证${id}，手机13812345678）保证`)).toBe(
      `由张三（身份证${maskIdNumber(id)}，手机138****5678）保证`,
    );
    expect(maskPersonalData({ guaranteeMeasures: `担保人手机：15900001111` })).toEqual({
      guaranteeMeasures: '担保人手机：159****1111',
    });
    expect(maskPersonalData({ residentId: id })).toEqual({ residentId: maskIdNumber(id) });
  });

  it('leaves ids, accounts, order numbers and an 18-digit run with a wrong check character alone', () => {
    const wrong = `11010119900307451${residentIdCheckChar('11010119900307451') === '0' ? '1' : '0'}`;
    for (const text of ['1795927786107564388', '6222021234567890123', 'FK2028010100001', wrong, '12812345678'])
      expect(maskPersonalNumbers(text), text).toBe(text);
  });
});
