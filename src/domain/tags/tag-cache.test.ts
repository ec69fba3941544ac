import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTagCommand,
  HOME_TAG,
  isTagOpen,
  tagForPath,
  tagsClosedBy,
  visitTag,
  withHome,
  type Tag,
} from './tag-cache';

const tag = (path: string): Tag => ({ path, name: path, menuName: `标题${path}` });
const paths = (tags: Tag[]) => tags.map((t) => t.path);
const open = (...list: string[]) => list.reduce<Tag[]>((tags, p) => visitTag(tags, tag(p)), [HOME_TAG]);

describe('visiting tags', () => {
  it('adds a new tag last, after the home tag 首页', () => {
    expect(paths(open('/a', '/b'))).toEqual(['/', '/a', '/b']);
    expect(HOME_TAG.menuName).toBe('首页');
  });

  it('leaves an open tag where it is, comparing paths case-insensitively', () => {
    expect(paths(visitTag(open('/a', '/b', '/c'), tag('/A')))).toEqual(['/', '/a', '/b', '/c']);
    expect(isTagOpen(open('/a'), '/A')).toBe(true);
    expect(isTagOpen(open('/a'), '/b')).toBe(false);
    expect(isTagOpen([], '/')).toBe(true);
  });

  it('keeps home first and does not move it when home is visited', () => {
    expect(paths(visitTag(open('/a'), HOME_TAG))).toEqual(['/', '/a']);
  });

  it('drops the tag opened first, other than home, at the maximum', () => {
    expect(paths(visitTag(open('/a', '/b', '/c'), tag('/d'), 4))).toEqual(['/', '/b', '/c', '/d']);
    expect(paths(visitTag(visitTag(open('/a', '/b', '/c'), tag('/a'), 4), tag('/d'), 4))).toEqual([
      '/',
      '/b',
      '/c',
      '/d',
    ]);
  });

  it('never holds more than the maximum, always holds home and the visited tag, and moves no open tag', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('/a', '/b', '/c', '/d', '/e', '/f', '/'), { maxLength: 40 }),
        fc.integer({ min: 2, max: 6 }),
        (visits, max) => {
          let tags: Tag[] = [HOME_TAG];
          for (const p of visits) {
            const before = tags;
            tags = visitTag(tags, p === '/' ? HOME_TAG : tag(p), max);
            expect(tags.length).toBeLessThanOrEqual(max);
            expect(tags[0]).toEqual(HOME_TAG);
            expect(new Set(paths(tags)).size).toBe(tags.length);
            expect(paths(tags)).toContain(p);
            if (paths(before).includes(p)) expect(paths(tags)).toEqual(paths(before));
            else if (p !== '/') expect(tags[tags.length - 1]!.path).toBe(p);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('restores a stored list with home first', () => {
    expect(paths(withHome([tag('/a'), HOME_TAG, tag('/b')]))).toEqual(['/', '/a', '/b']);
  });
});

describe('closing tags (SPEC §2.4 context menu)', () => {
  const tags = open('/a', '/b', '/c', '/d');

  it.each([
    ['close', '/b', ['/', '/a', '/c', '/d']],
    ['closeOthers', '/b', ['/', '/b']],
    ['closeLeft', '/c', ['/', '/c', '/d']],
    ['closeRight', '/b', ['/', '/a', '/b']],
    ['closeAll', '/b', ['/']],
  ] as const)('%s on %s keeps %j', (command, path, expected) => {
    expect(paths(applyTagCommand(command, tags, path, '/elsewhere').tags)).toEqual(expected);
  });

  it('never closes the home tag', () => {
    for (const command of ['close', 'closeOthers', 'closeLeft', 'closeRight', 'closeAll'] as const) {
      expect(tagsClosedBy(command, tags, '/').map((t) => t.path)).not.toContain('/');
    }
  });

  it('goes to the most recent tag left when the active tag is closed, or to / when none is', () => {
    expect(applyTagCommand('close', tags, '/d', '/d').navigateTo).toBe('/c');
    expect(applyTagCommand('close', tags, '/b', '/b').navigateTo).toBe('/d');
    expect(applyTagCommand('close', open('/a'), '/a', '/a').navigateTo).toBe('/');
  });

  it('stays when an inactive tag is closed', () => {
    expect(applyTagCommand('close', tags, '/b', '/d').navigateTo).toBeNull();
  });

  it('goes to / on close-all, and to the chosen tag when closing others, left or right closed the active one', () => {
    expect(applyTagCommand('closeAll', tags, '/b', '/c').navigateTo).toBe('/');
    expect(applyTagCommand('closeOthers', tags, '/b', '/c').navigateTo).toBe('/b');
    expect(applyTagCommand('closeLeft', tags, '/c', '/a').navigateTo).toBe('/c');
    expect(applyTagCommand('closeRight', tags, '/b', '/d').navigateTo).toBe('/b');
    expect(applyTagCommand('closeRight', tags, '/b', '/a').navigateTo).toBeNull();
  });
});

describe('tagForPath', () => {
  const item = (path: string, hidden: boolean) => ({
    menuId: path.toLowerCase(),
    menuName: `菜单${path}`,
    component: path,
    path,
    params: '{}',
    query: '{}',
    parentKid: '0',
    icon: '',
    menuCode: '',
    hidden,
    sortNo: 0,
    opAuthorityDTOList: [],
  });
  const items = [item('/business/examine', false), item('/business/newDetails', true)];

  it('makes a tag of a visible menu page, keeping the path as visited', () => {
    expect(tagForPath(items, '/Business/Examine')).toEqual({
      path: '/Business/Examine',
      name: '/business/examine',
      menuName: '菜单/business/examine',
    });
  });

  it('makes none for a hidden item or a route outside the menu', () => {
    expect(tagForPath(items, '/business/newDetails')).toBeNull();
    expect(tagForPath(items, '/404')).toBeNull();
  });
});
