import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar } from '../patterns/social-credit-code';
import {
  EMPTY_ORGANIZATION_FORM,
  OrgFormMessage,
  buildOrganizationTree,
  descendantIds,
  firstOrganizationFormError,
  validateOrganizationForm,
  type Organization,
  type OrganizationForm,
} from './organization';

const code = (first17: string) => first17 + creditCodeCheckChar(first17);
const VALID_CODE = code('91310000MA1FL0000');
const supplier: OrganizationForm = {
  ...EMPTY_ORGANIZATION_FORM,
  enterpriseName: '上海测试建材有限公司',
  parentId: '1',
  creditCode: VALID_CODE,
  contactMobile: '13912345678',
  appIds: ['a'],
};

describe('organisation form', () => {
  it('accepts a complete supplier', () => {
    expect(validateOrganizationForm(supplier, 'SUPPLIER')).toEqual({});
  });

  it('names each broken field with the domain message', () => {
    const errors = validateOrganizationForm(
      {
        ...supplier,
        enterpriseName: ' ',
        parentId: '',
        creditCode: VALID_CODE.slice(0, 17) + (VALID_CODE[17] === '0' ? '1' : '0'),
        contactMobile: '1234',
        email: 'a@b',
        appIds: [],
      },
      'SUPPLIER',
    );
    expect(errors).toEqual({
      enterpriseName: OrgFormMessage.nameRequired,
      parentId: OrgFormMessage.parentRequired,
      creditCode: '请输入正确的统一社会信用代码',
      contactMobile: '请输入正确的手机号码',
      email: '请输入正确的邮箱地址',
      appIds: OrgFormMessage.appsRequired,
    });
  });

  it('asks suppliers and project companies for credit code and mobile, not a subsidiary', () => {
    const bare = { ...EMPTY_ORGANIZATION_FORM, enterpriseName: '某子公司', parentId: '1' };
    expect(validateOrganizationForm(bare, 'SUBSIDIARY')).toEqual({});
    expect(validateOrganizationForm(bare, 'PROJECT_COMPANY')).toEqual({
      creditCode: OrgFormMessage.creditCodeRequired,
      contactMobile: OrgFormMessage.contactMobileRequired,
    });
    expect(firstOrganizationFormError({ ...bare, enterpriseName: '名'.repeat(101) }, 'SUBSIDIARY')).toBe(
      OrgFormMessage.nameLength,
    );
  });
});

describe('organisation tree', () => {
  const org = (keyId: string, parentId: string): Organization => ({
    keyId,
    parentId,
    orgType: 'SUBSIDIARY',
    parentName: '',
    enterpriseName: keyId,
    creditCode: '',
    contactName: '',
    contactMobile: '',
    email: '',
    address: '',
    status: 'ENABLED',
    gysId: '',
    appIds: [],
    version: 1,
    createTime: '',
  });
  const orgs = [org('g', '0'), org('a', 'g'), org('b', 'a'), org('c', 'g'), org('x', 'missing')];

  it('nests by parent and keeps orphans at the top', () => {
    const tree = buildOrganizationTree(orgs);
    expect(tree.map((n) => n.org.keyId)).toEqual(['g', 'x']);
    expect(tree[0]!.children.map((n) => n.org.keyId)).toEqual(['a', 'c']);
    expect(tree[0]!.children[0]!.children.map((n) => n.org.keyId)).toEqual(['b']);
  });

  it('knows what lies below a node', () => {
    expect([...descendantIds(orgs, 'a')].sort()).toEqual(['a', 'b']);
  });
});
