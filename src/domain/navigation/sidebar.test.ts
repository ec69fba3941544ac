import { describe, expect, it } from 'vitest';
import { buildMenuTree, type ServerMenuItem } from '../menu/menu';
import { breadcrumbFor, DEFAULT_MENU_ICON, highlightFor, toSidebarItems } from './sidebar';

const item = (menuId: string, parentKid: string, over: Partial<ServerMenuItem> = {}): ServerMenuItem => ({
  menuId,
  parentKid,
  path: menuId,
  menuName: menuId,
  component: menuId,
  params: '{}',
  query: '{}',
  icon: '',
  menuCode: '',
  hidden: false,
  sortNo: 0,
  opAuthorityDTOList: [],
  ...over,
});

const items: ServerMenuItem[] = [
  item('/business', '0', { icon: 'briefcase', menuName: '业务管理' }),
  item('/business/list', '/business', { sortNo: 1 }),
  item('/business/list/detail', '/business/list', { hidden: true }),
  item('/business/hidden', '/business', { hidden: true, sortNo: 2 }),
  item('/orphan', '0', { hidden: true }),
];

describe('sidebar rules (SPEC §2.4)', () => {
  const sidebar = toSidebarItems(buildMenuTree(items));

  it('leaves hidden items out and gives an item without an icon the default home icon', () => {
    expect(sidebar).toHaveLength(1);
    expect(sidebar[0]!.icon).toBe('briefcase');
    expect(sidebar[0]!.children.map((c) => c.path)).toEqual(['/business/list']);
    expect(sidebar[0]!.children[0]!.icon).toBe(DEFAULT_MENU_ICON);
  });

  it('shows a parent whose children are all hidden as a plain item', () => {
    expect(sidebar[0]!.children[0]!.children).toEqual([]);
  });

  it('highlights a visible item itself, a hidden item its parent, and sends a hidden orphan home', () => {
    expect(highlightFor(items, '/Business/List')).toEqual({ kind: 'item', path: '/business/list' });
    expect(highlightFor(items, '/business/list/detail')).toEqual({ kind: 'item', path: '/business/list' });
    expect(highlightFor(items, '/orphan')).toEqual({ kind: 'redirectHome' });
    expect(highlightFor(items, '/401')).toEqual({ kind: 'none' });
  });
});

describe('breadcrumbFor', () => {
  it('calls a 新增 page opened on an existing record its 编辑 page', () => {
    const menu = [
      { menuId: '/basic', menuName: '基础数据', path: '/basic', parentKid: '0', hidden: false },
      {
        menuId: '/addprojectcompany',
        menuName: '新增项目公司',
        path: '/addProjectCompany',
        parentKid: '/basic',
        hidden: true,
      },
    ] as unknown as Parameters<typeof breadcrumbFor>[0];
    expect(breadcrumbFor(menu, '/addProjectCompany').map((c) => c.title)).toEqual(['基础数据', '新增项目公司']);
    expect(breadcrumbFor(menu, '/addProjectCompany', '?keyId=1100').map((c) => c.title)).toEqual([
      '基础数据',
      '编辑项目公司',
    ]);
  });

  it('walks from the area down to the current page, hidden pages included', () => {
    expect(breadcrumbFor(items, '/business/list/detail').map((c) => c.title)).toEqual([
      '业务管理',
      '/business/list',
      '/business/list/detail',
    ]);
  });

  it('is empty outside the menu', () => {
    expect(breadcrumbFor(items, '/404')).toEqual([]);
  });
});
