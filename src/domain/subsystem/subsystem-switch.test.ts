import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SwitchSubsystemMessage,
  planSubsystemSwitch,
  subsystemRedirectUrl,
  switchableSystems,
  type AppListEntry,
} from './subsystem-switch';

const runs = { numRuns: 1000 };
const apps: AppListEntry[] = [
  { appCode: 'wsf_app', appId: '1', appName: '供应链金融', website: 'https://scf.example.com/' },
  {
    appCode: 'wsf_portal',
    appId: '2',
    appName: '供应商门户',
    website: 'https://portal.example.com/home?lang=zh#/index',
  },
  { appCode: 'wsf_report', appId: 3, appName: '报表中心', website: '' },
];
const session = { token: 'tok', tenantId: '100' };
const params = { token: 'tok', tenantId: '100', sysId: '2' };

describe('switch sub-system (SPEC §4, §5)', () => {
  it('offers every system but the current one', () => {
    expect(switchableSystems(apps, '1').map((a) => a.appCode)).toEqual(['wsf_portal', 'wsf_report']);
    expect(switchableSystems(apps, 3).map((a) => a.appCode)).toEqual(['wsf_app', 'wsf_portal']);
    expect(switchableSystems(apps, null)).toHaveLength(3);
  });

  it('warns when none is chosen and errs when the chosen one has no website', () => {
    expect(planSubsystemSwitch(null, session)).toEqual({ kind: 'warning', message: '请选择子系统' });
    expect(planSubsystemSwitch(undefined, session)).toEqual({
      kind: 'warning',
      message: SwitchSubsystemMessage.noneChosen,
    });
    expect(planSubsystemSwitch(apps[2], session)).toEqual({ kind: 'error', message: '系统配置错误，请联系管理员' });
    expect(planSubsystemSwitch({ ...apps[0]!, website: null }, session).kind).toBe('error');
    expect(planSubsystemSwitch({ ...apps[0]!, website: '   ' }, session).kind).toBe('error');
  });

  it('redirects with token, tenantId and the chosen sysId', () => {
    expect(planSubsystemSwitch(apps[1], session)).toEqual({
      kind: 'redirect',
      url: 'https://portal.example.com/home?lang=zh&token=tok&tenantId=100&sysId=2#/index',
    });
  });

  it.each([
    ['https://portal.example.com', 'https://portal.example.com/?token=tok&tenantId=100&sysId=2'],
    ['https://portal.example.com/app/', 'https://portal.example.com/app/?token=tok&tenantId=100&sysId=2'],
    ['https://p.example.com/?a=1&token=old&sysId=9', 'https://p.example.com/?a=1&token=tok&tenantId=100&sysId=2'],
    ['https://p.example.com/?q=a%20b+c', 'https://p.example.com/?q=a%20b+c&token=tok&tenantId=100&sysId=2'],
    ['https://p.example.com/#/login?x=1', 'https://p.example.com/?token=tok&tenantId=100&sysId=2#/login?x=1'],
    ['/', '/?token=tok&tenantId=100&sysId=2'],
    ['/portal/#/', '/portal/?token=tok&tenantId=100&sysId=2#/'],
    ['portal.example.com', '//portal.example.com/?token=tok&tenantId=100&sysId=2'],
    ['localhost:8081/app', '//localhost:8081/app?token=tok&tenantId=100&sysId=2'],
    ['//cdn.example.com/app', '//cdn.example.com/app?token=tok&tenantId=100&sysId=2'],
  ])('%s → %s', (website, expected) => {
    expect(subsystemRedirectUrl(website, params)).toBe(expected);
  });

  const text = fc.string({
    unit: fc.constantFrom('a', 'Z', '9', '&', '=', '#', '?', '/', ' ', '+', '%', '中'),
    maxLength: 12,
  });
  const website = fc.constantFrom(
    'https://p.example.com',
    'https://p.example.com/x/?keep=1',
    'http://10.0.0.1:8080/app#/home',
    '/',
    '/sub/?a=b#frag',
    'portal.example.cn/#/',
  );

  it('always carries the three values exactly, keeps the other parameters and the hash', () => {
    fc.assert(
      fc.property(website, text, text, text, (site, token, tenantId, sysId) => {
        const url = new URL(subsystemRedirectUrl(site, { token, tenantId, sysId }), 'https://here.example.com/page');
        const original = new URL(
          site.includes('//') || site.startsWith('/') ? site : `//${site}`,
          'https://here.example.com/page',
        );
        const others = [...original.searchParams.keys()].every(
          (k) => url.searchParams.get(k) === original.searchParams.get(k),
        );
        return (
          url.searchParams.get('token') === token &&
          url.searchParams.get('tenantId') === tenantId &&
          url.searchParams.get('sysId') === sysId &&
          url.searchParams.getAll('token').length === 1 &&
          url.hash === original.hash &&
          url.host === original.host &&
          url.pathname === original.pathname &&
          others
        );
      }),
      runs,
    );
  });

  it('replaces stale switch values instead of repeating them', () => {
    fc.assert(
      fc.property(text, (token) => {
        const once = subsystemRedirectUrl('https://p.example.com/', { token: 'old', tenantId: '1', sysId: '1' });
        const twice = subsystemRedirectUrl(once, { token, tenantId: '2', sysId: '3' });
        const url = new URL(twice);
        return (
          url.searchParams.getAll('token').length === 1 &&
          url.searchParams.get('token') === token &&
          url.searchParams.get('sysId') === '3'
        );
      }),
      runs,
    );
  });
});
