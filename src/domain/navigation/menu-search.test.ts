import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pinyinMatchStart, searchMenu, type SearchableMenuItem } from './menu-search';

const items: SearchableMenuItem[] = [
  {
    path: '/business/financingBusinessManage',
    title: '融资业务管理',
    pinyin: ['rong', 'zi', 'ye', 'wu', 'guan', 'li'],
    area: '业务管理',
  },
  {
    path: '/business/financingApplicationManagement',
    title: '融资申请管理',
    pinyin: ['rong', 'zi', 'shen', 'qing', 'guan', 'li'],
    area: '业务管理',
  },
  {
    path: '/basicDataManagement/userManagment',
    title: '用户管理',
    pinyin: ['yong', 'hu', 'guan', 'li'],
    area: '基础数据',
  },
];
const titles = (q: string) => searchMenu(items, q).map((i) => i.title);

describe('searchMenu', () => {
  it('finds by Chinese title', () => {
    expect(titles('申请')).toEqual(['融资申请管理']);
    expect(titles('用户')).toEqual(['用户管理']);
  });

  it('finds by pinyin initials, whatever the case', () => {
    expect(titles('RZYW')).toEqual(['融资业务管理']);
    expect(titles('yh')).toEqual(['用户管理']);
    expect(titles('yhgl')).toEqual(['用户管理']);
  });

  it('finds by full pinyin, with or without spaces, and by a mix of pinyin, initials and characters', () => {
    expect(titles('yonghu')).toEqual(['用户管理']);
    expect(titles('yonghuguanli')).toEqual(['用户管理']);
    expect(titles('yong hu')).toEqual(['用户管理']);
    expect(titles('yonghugl')).toEqual(['用户管理']);
    expect(titles('yhguanli')).toEqual(['用户管理']);
    expect(titles('用hu')).toEqual(['用户管理']);
    expect(titles('rongzishenqing')).toEqual(['融资申请管理']);
    expect(titles('shenqing')).toEqual(['融资申请管理']);
  });

  it('does not match syllables out of order or letters that are not a syllable prefix', () => {
    expect(titles('huyong')).toEqual([]);
    expect(titles('yonghuu')).toEqual([]);
    expect(titles('ongh')).toEqual([]);
  });

  it('puts prefix matches first', () => {
    expect(titles('gl')).toEqual(['融资业务管理', '融资申请管理', '用户管理']);
    expect(titles('管理')).toEqual(['融资业务管理', '融资申请管理', '用户管理']);
    expect(titles('融资')).toEqual(['融资业务管理', '融资申请管理']);
    expect(titles('guanli')).toEqual(['融资业务管理', '融资申请管理', '用户管理']);
  });

  it('lists everything up to the limit for an empty query, and nothing for a query nothing contains', () => {
    expect(searchMenu(items, '  ')).toHaveLength(3);
    expect(searchMenu(items, '不存在')).toEqual([]);
  });

  it('says where a pinyin run starts', () => {
    expect(pinyinMatchStart('用户管理', ['yong', 'hu', 'guan', 'li'], 'yonghu')).toBe(0);
    expect(pinyinMatchStart('用户管理', ['yong', 'hu', 'guan', 'li'], 'guanli')).toBe(2);
    expect(pinyinMatchStart('用户管理', ['yong', 'hu', 'guan', 'li'], 'gy')).toBe(-1);
  });

  it('only returns items whose title contains the query or whose syllables, in order, begin with its parts', () => {
    const letters = fc.constantFrom(...'yonghuglaizsqwerb用户管'.split(''));
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 8 }).map((a) => a.join('')),
        (q) => {
          for (const hit of searchMenu(items, q)) {
            const needle = q.trim().toLowerCase();
            const byPinyin = pinyinMatchStart(hit.title, hit.pinyin, needle) >= 0;
            expect(hit.title.toLowerCase().includes(needle) || byPinyin).toBe(true);
            // A pinyin hit types at most every letter of the syllables it runs through.
            if (!hit.title.includes(needle)) expect(needle.length).toBeLessThanOrEqual(hit.pinyin.join('').length);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('finds every title by its own full pinyin and by its own initials', () => {
    for (const item of items) {
      expect(searchMenu(items, item.pinyin.join(''))).toContain(item);
      expect(searchMenu(items, item.pinyin.map((s) => s[0]).join(''))).toContain(item);
    }
  });
});
