import { describe, expect, it } from 'vitest';
import { decideNavigation, type NavigationInput } from './navigation-policy';

const validPaths = new Set([
  '/',
  '/401',
  '/404',
  '/login',
  '/business/examine',
  '/basicdatamanagement/usermanagment',
  '/business/precreditapplicationmanage',
  '/business/approvalreviewmeetinginfo',
  '/business/approvalreviewmeetingimplementlist',
]);
const menuPaths = new Set(['/business/examine', '/business/precreditapplicationmanage']);
const base: NavigationInput = { path: '/', signedIn: true, validPaths, menuPaths, sublevel: false };

describe('decideNavigation (SPEC §2.3), one row a rule', () => {
  it.each([
    ['signed out, /login', { signedIn: false, path: '/login' }, { kind: 'allow' }],
    [
      'signed out, any other path clears the session and goes to login',
      { signedIn: false, path: '/business/examine' },
      { kind: 'redirect', to: '/login', clearSession: true },
    ],
    ['signed out, even /', { signedIn: false, path: '/' }, { kind: 'redirect', to: '/login', clearSession: true }],
    [
      'signed out, even /404',
      { signedIn: false, path: '/404' },
      { kind: 'redirect', to: '/login', clearSession: true },
    ],
    ['signed in, /login goes to /', { path: '/login' }, { kind: 'redirect', to: '/' }],
    ['signed out, /register (the login layout)', { signedIn: false, path: '/register' }, { kind: 'allow' }],
    ['signed in, /register goes to /', { path: '/register' }, { kind: 'redirect', to: '/' }],
    ['signed in, /LOGIN/ goes to / as well', { path: '/LOGIN/' }, { kind: 'redirect', to: '/' }],
    ['signed in, / always allowed', { path: '/' }, { kind: 'allow' }],
    ['signed in, /401 always allowed', { path: '/401' }, { kind: 'allow' }],
    ['signed in, /404 always allowed', { path: '/404' }, { kind: 'allow' }],
    ['signed in, unknown path goes to /404', { path: '/no/such/page' }, { kind: 'redirect', to: '/404' }],
    [
      'signed in, valid path outside the menu goes to /401',
      { path: '/basicDataManagement/userManagment' },
      { kind: 'redirect', to: '/401' },
    ],
    ['signed in, menu path allowed', { path: '/business/examine' }, { kind: 'allow' }],
    ['menu paths compare case-insensitively', { path: '/Business/EXAMINE' }, { kind: 'allow' }],
    [
      'applyForRufs first visit is allowed and sets sublevel',
      { path: '/business/applyForRufs' },
      { kind: 'allow', setSublevel: true },
    ],
    [
      'applyForRufs with sublevel set returns to the list and clears it',
      { path: '/business/applyForRufs', sublevel: true },
      { kind: 'redirect', to: '/business/preCreditApplicationManage', clearSublevel: true },
    ],
  ] as const)('%s', (_name, over, expected) => {
    expect(decideNavigation({ ...base, ...over })).toEqual(expected);
  });

  it('takes a committee member from 评审会详情 to the same meeting in their room, and others to 401', () => {
    const meeting = { path: '/business/approvalReviewMeetingInfo', search: '?id=M1' };
    const member = new Set([...menuPaths, '/business/approvalreviewmeetingimplementlist']);
    expect(decideNavigation({ ...base, ...meeting, menuPaths: member })).toEqual({
      kind: 'redirect',
      to: '/business/approvalReviewMeetingImplementList?id=M1',
    });
    expect(decideNavigation({ ...base, ...meeting })).toEqual({ kind: 'redirect', to: '/401' });
    const secretary = new Set([...member, '/business/approvalreviewmeetinginfo']);
    expect(decideNavigation({ ...base, ...meeting, menuPaths: secretary })).toEqual({ kind: 'allow' });
  });
});
