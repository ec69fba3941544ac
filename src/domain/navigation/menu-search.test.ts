import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchMenu, type SearchableMenuItem } from './menu-search';

const items: SearchableMenuItem[] = [
  { path: '/business/financingBusinessManage', title: '融资业务管理', initials: 'rzywgl', area: '业务管理' },
  { path: '/business/financingApplicationManagement', title: '融资申请管理', initials: 'rzsqgl', area: '业务管理' },
  { path: '/basicDataManagement/userManagment', title: '用户管理', initials: 'yhgl', area: '基础数据' },
];

describe('searchMenu', () => {
  it('finds by Chinese title', () => {
    expect(searchMenu(items, '申请').map((i) => i.title)).toEqual(['融资申请管理']);
  });

  it('finds by pinyin initials, whatever the case', () => {
    expect(searchMenu(items, 'RZYW').map((i) => i.title)).toEqual(['融资业务管理']);
    expect(searchMenu(items, 'yh').map((i) => i.title)).toEqual(['用户管理']);
  });

  it('puts prefix matches first', () => {
    expect(searchMenu(items, 'gl').map((i) => i.title)).toEqual(['融资业务管理', '融资申请管理', '用户管理']);
    expect(searchMenu(items, '管理').map((i) => i.title)).toEqual(['融资业务管理', '融资申请管理', '用户管理']);
    expect(searchMenu(items, '融资').map((i) => i.title)).toEqual(['融资业务管理', '融资申请管理']);
  });

  it('lists everything up to the limit for an empty query, and nothing for a query nothing contains', () => {
    expect(searchMenu(items, '  ')).toHaveLength(3);
    expect(searchMenu(items, '不存在')).toEqual([]);
  });

  it('only ever returns items whose title or initials contain the query', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (q) => {
        for (const hit of searchMenu(items, q)) {
          const needle = q.trim().toLowerCase();
          expect(hit.title.toLowerCase().includes(needle) || hit.initials.includes(needle)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
