import { describe, expect, it } from 'vitest';
import { PatternMessage } from '../patterns/pattern-check';
import { EMPTY_USER_FORM, firstUserFormError, UserFormMessage, validateUserForm } from './user-form';

// The day the rules judge against: the run's own, which the moved-clock run moves.
const TODAY = new Date();

const GOOD = { ...EMPTY_USER_FORM, userName: 'li.na', nickName: '李娜', organizationId: 'org1', mobile: '13912345678' };

describe('user form', () => {
  it('accepts a complete form and leaves optional fields to their patterns', () => {
    expect(validateUserForm(GOOD, TODAY)).toEqual({});
    expect(validateUserForm({ ...GOOD, email: 'li.na@example.com', idNumber: '11010519491231002X' }, TODAY)).toEqual(
      {},
    );
  });

  it('names each broken field with the domain message', () => {
    expect(validateUserForm(EMPTY_USER_FORM, TODAY)).toEqual({
      userName: UserFormMessage.userNameRequired,
      nickName: UserFormMessage.nickNameRequired,
      organizationId: UserFormMessage.organizationRequired,
      mobile: UserFormMessage.mobileRequired,
    });
    expect(
      validateUserForm(
        { ...GOOD, userName: 'a b', mobile: '12345', email: 'x@', idNumber: '110105194912310021' },
        TODAY,
      ),
    ).toEqual({
      userName: UserFormMessage.userNameFormat,
      mobile: PatternMessage.mobile,
      email: PatternMessage.email,
      idNumber: PatternMessage.residentId,
    });
    expect(firstUserFormError({ ...GOOD, nickName: '名'.repeat(31) }, TODAY)).toBe(UserFormMessage.nickNameLength);
  });
});
