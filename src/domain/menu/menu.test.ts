import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildMenuTree,
  collectKnownPaths,
  hasOperation,
  menuIdForPath,
  normalizeMenuPath,
  operationCodesFor,
  type MenuNode,
  type ServerMenuItem,
} from './menu';

const runs = { numRuns: 1000 };

function item(menuId: string, parentKid: string, path: string, extra: Partial<ServerMenuItem> = {}): ServerMenuItem {
  return {
    menuId,
    menuName: menuId,
    component: '',
    path,
    params: '',
    query: '',
    parentKid,
    icon: '',
    menuCode: menuId,
    hidden: false,
    sortNo: 0,
    opAuthorityDTOList: [],
    ...extra,
  };
}

function flatten(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describe('normalizeMenuPath (SPEC §2.3)', () => {
  it.each([
    ['/business/examine', '/business/examine'],
    ['/Business/Examine', '/business/examine'],
    ['business/resolutionReview/audit', '/business/resolutionreview/audit'],
    ['/risk/accountManage/', '/risk/accountmanage'],
    ['/risk//accountManage', '/risk/accountmanage'],
    ['/risk/accountManage?tab=1#x', '/risk/accountmanage'],
    ['  /CRM/enterpriseInformation  ', '/crm/enterpriseinformation'],
    ['', '/'],
    ['/', '/'],
    ['///', '/'],
    ['?x=1', '/'],
    ['/a/ /', '/a'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeMenuPath(input)).toBe(expected);
  });

  const pathChars = fc.constantFrom(...'aZ/ ?#-_.中'.split(''), 'B', '\t');
  it('is idempotent, starts with one slash, and has no trailing slash except the root', () => {
    fc.assert(
      fc.property(fc.string({ unit: pathChars, maxLength: 20 }), (raw) => {
        const once = normalizeMenuPath(raw);
        return (
          normalizeMenuPath(once) === once &&
          once.startsWith('/') &&
          !once.startsWith('//') &&
          (once === '/' || !once.endsWith('/')) &&
          !/[?#A-Z]/.test(once)
        );
      }),
      runs,
    );
  });

  it('compares paths case-insensitively', () => {
    const segment = fc.string({ unit: fc.constantFrom(...'abcXYZ09-_'), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean(), (segments, slash) => {
        const path = `${slash ? '/' : ''}${segments.join('/')}`;
        return normalizeMenuPath(path.toUpperCase()) === normalizeMenuPath(path.toLowerCase());
      }),
      runs,
    );
  });

  it('derives the menu id from the lower-cased path (SPEC §6)', () => {
    expect(menuIdForPath('/Business/Examine')).toBe('/business/examine');
    expect(menuIdForPath('business/examine')).toBe(menuIdForPath('/BUSINESS/EXAMINE/'));
  });
});

describe('buildMenuTree (SPEC §3)', () => {
  it('builds the tree from parentKid, top level at "0", sorted by sortNo, a node with children not a leaf', () => {
    const tree = buildMenuTree([
      item('c2', 'p', '/p/c2', { sortNo: 2 }),
      item('p', '0', '/p', { sortNo: 1 }),
      item('c1', 'p', '/p/c1', { sortNo: 1 }),
      item('q', '0', '/q', { sortNo: 0 }),
      item('orphan', 'missing', '/orphan'),
    ]);
    expect(tree.map((n) => n.menuId)).toEqual(['q', 'p']);
    expect(tree[1]!.children.map((n) => n.menuId)).toEqual(['c1', 'c2']);
    expect(tree[1]!.leaf).toBe(false);
    expect(tree[0]!.leaf).toBe(true);
    expect(tree[1]!.children.every((c) => c.leaf)).toBe(true);
    expect(flatten(tree).some((n) => n.menuId === 'orphan')).toBe(false);
  });

  it('returns an empty tree for no items', () => {
    expect(buildMenuTree([])).toEqual([]);
  });

  /** A random forest: each item's parent is '0' or an earlier item, so every item is reachable. */
  const forest = fc
    .array(fc.tuple(fc.nat(), fc.integer({ min: -3, max: 3 })), { maxLength: 30 })
    .map((specs) =>
      specs.map(([parentPick, sortNo], i) =>
        item(`m${i}`, i === 0 || parentPick % (i + 1) === i ? '0' : `m${parentPick % i}`, `/m${i}`, { sortNo }),
      ),
    );

  it('places every reachable item exactly once, under its parent, with siblings in sortNo order', () => {
    fc.assert(
      fc.property(forest, (items) => {
        const tree = buildMenuTree(items);
        const all = flatten(tree);
        const byId = new Map(items.map((i) => [i.menuId, i]));
        const parentOk = (nodes: readonly MenuNode[], parent: string): boolean =>
          nodes.every(
            (n, k) =>
              n.parentKid === parent &&
              n.leaf === (n.children.length === 0) &&
              (k === 0 || nodes[k - 1]!.sortNo <= n.sortNo) &&
              parentOk(n.children, n.menuId),
          );
        return (
          all.length === items.length &&
          new Set(all.map((n) => n.menuId)).size === items.length &&
          all.every((n) => byId.get(n.menuId)?.path === n.path) &&
          parentOk(tree, '0')
        );
      }),
      runs,
    );
  });

  it('does not change the input items', () => {
    fc.assert(
      fc.property(forest, (items) => {
        const before = JSON.stringify(items);
        buildMenuTree(items);
        return JSON.stringify(items) === before;
      }),
      { numRuns: 1000 },
    );
  });
});

describe('collectKnownPaths, operationCodesFor, hasOperation (SPEC §2.3, §6)', () => {
  const items = [
    item('1', '0', '/Business', { opAuthorityDTOList: [] }),
    item('2', '1', '/business/Examine', {
      opAuthorityDTOList: [{ operationCode: 'examine' }, { operationCode: 'reject' }],
    }),
    item('3', '0', '', {}),
    item('4', '1', 'business/resolutionReview/audit', {
      opAuthorityDTOList: null as unknown as ServerMenuItem['opAuthorityDTOList'],
    }),
  ];

  it('collects normalised paths and skips items without a path', () => {
    expect([...collectKnownPaths(items)].sort()).toEqual([
      '/business',
      '/business/examine',
      '/business/resolutionreview/audit',
    ]);
  });

  it.each([
    ['/business/examine', 'examine', true],
    ['/BUSINESS/EXAMINE/', 'reject', true],
    ['/business/examine', 'add', false],
    ['/business', 'examine', false],
    ['/nowhere', 'examine', false],
    ['/business/resolutionReview/audit', 'examine', false],
  ])('%s grants %s: %s', (path, code, expected) => {
    expect(hasOperation(items, path, code)).toBe(expected);
  });

  it('gives the codes of the path as a set', () => {
    expect([...operationCodesFor(items, 'business/examine')]).toEqual(['examine', 'reject']);
    expect(operationCodesFor(items, '/nowhere').size).toBe(0);
  });

  it('knows the path of every item whatever its case, and grants exactly its codes', () => {
    const codes = fc.uniqueArray(fc.constantFrom('add', 'edit', 'delete', 'export', 'examine'), { maxLength: 5 });
    const segment = fc.string({ unit: fc.constantFrom(...'abcXYZ'), minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(
        fc.uniqueArray(segment, { minLength: 1, maxLength: 6, selector: (s) => s.toLowerCase() }),
        codes,
        (segments, ops) => {
          const list = segments.map((s, i) =>
            item(`${i}`, '0', `/${s}`, { opAuthorityDTOList: ops.map((operationCode) => ({ operationCode })) }),
          );
          const known = collectKnownPaths(list);
          return segments.every(
            (s) =>
              known.has(normalizeMenuPath(s.toUpperCase())) &&
              ops.every((op) => hasOperation(list, s.toUpperCase(), op)) &&
              operationCodesFor(list, s).size === ops.length,
          );
        },
      ),
      runs,
    );
  });
});
