// Ctrl+K menu search: every menu page the user may open, found by Chinese title, full pinyin or pinyin
// initials (in any mix). Loaded on first use, with the pinyin dictionary, so neither weighs on the shell.
// It also searches every number (a 业务编号, 付款单号, 合同编号, 会议编号, 放款编号, or a supplier's name) through
// the search port, within the user's scope: the documents found come first and open on their own page.
import { Dialog, DialogBody, DialogSurface, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { pinyin } from 'pinyin-pro';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectMenus } from '../../application/session/session.selectors';
import { buildMenuTree } from '../../domain/menu/menu';
import { searchMenu, type SearchableMenuItem } from '../../domain/navigation/menu-search';
import { SEARCH_KIND_LABEL, SEARCH_MAX, SEARCH_MIN, type SearchHit } from '../../domain/search/document-search';
import { toSidebarItems, type SidebarItem } from '../../domain/navigation/sidebar';
import { useServices } from '../app/services';

const useStyles = makeStyles({
  surface: { width: '560px', maxWidth: 'calc(100vw - 32px)', padding: '12px' },
  list: { listStyle: 'none', margin: '8px 0 0', padding: 0, maxHeight: '50vh', overflowY: 'auto' },
  item: {
    display: 'flex',
    justifyContent: 'space-between',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
  },
  active: { backgroundColor: tokens.colorBrandBackground2 },
  area: { color: tokens.colorNeutralForeground3 },
});

/** One toneless syllable per character of the title (a non-Chinese character stands for itself). */
function pinyinOf(title: string): string[] {
  return pinyin(title, { toneType: 'none', type: 'array' }).map((s) => s.toLowerCase());
}

function searchable(items: readonly SidebarItem[], area = ''): SearchableMenuItem[] {
  return items.flatMap((item) =>
    item.children.length
      ? searchable(item.children, item.title)
      : [{ path: item.path, title: item.title, pinyin: pinyinOf(item.title), area }],
  );
}

/** SPEC §9: remote search waits 300 ms after the last key. */
const REMOTE_DEBOUNCE_MS = 300;

/** The documents a text names, asked once typing pauses; none for a text too short to be a number or a name. */
function useDocuments(query: string): SearchableMenuItem[] {
  const { search } = useServices();
  const [docs, setDocs] = useState<SearchHit[]>([]);
  useEffect(() => {
    const text = query.trim();
    if (text.length < SEARCH_MIN) {
      setDocs([]);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      search
        .documents(text)
        .then((found) => live && setDocs(found))
        .catch(() => live && setDocs([]));
    }, REMOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, query]);
  return docs.map((d) => ({
    path: d.path,
    title: `${SEARCH_KIND_LABEL[d.kind] ?? ''} ${d.no}`,
    pinyin: [],
    area: d.title,
  }));
}

export function CommandPalette({
  open,
  onClose,
  initialQuery = '',
}: {
  open: boolean;
  onClose: () => void;
  initialQuery?: string;
}) {
  const styles = useStyles();
  const { session } = useServices();
  const menus = useSelector(session, selectMenus);
  const navigate = useNavigate();
  const entries = useMemo(() => searchable(toSidebarItems(buildMenuTree(menus))), [menus]);
  const [query, setQuery] = useState(initialQuery);
  const [index, setIndex] = useState(0);
  const documents = useDocuments(query);
  const hits = [...documents, ...searchMenu(entries, query)];

  const go = (hit: SearchableMenuItem | undefined) => {
    if (!hit) return;
    onClose();
    setQuery('');
    navigate(hit.path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setIndex((i) => Math.min(i + 1, hits.length - 1));
    }
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      setIndex((i) => Math.max(i - 1, 0));
    }
    if (e.key === 'Enter') go(hits[index]);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_, d) => {
        if (!d.open) onClose();
      }}
    >
      <DialogSurface className={styles.surface} aria-label="搜索菜单">
        <DialogBody style={{ display: 'block' }}>
          <Input
            autoFocus
            style={{ width: '100%' }}
            contentBefore={<SearchRegular />}
            placeholder="菜单名称、拼音首字母，或业务编号、付款单号、合同编号、供应商名称"
            aria-label="搜索菜单"
            value={query}
            maxLength={SEARCH_MAX}
            onChange={(_, d) => {
              setQuery(d.value);
              setIndex(0);
            }}
            onKeyDown={onKeyDown}
          />
          <ul className={styles.list} role="listbox" aria-label="搜索结果">
            {hits.length === 0 ? (
              <li>
                <Text className={styles.area}>没有匹配的菜单或单据</Text>
              </li>
            ) : null}
            {hits.map((hit, i) => (
              <li
                key={`${i}-${hit.path}`}
                role="option"
                aria-selected={i === index}
                className={`${styles.item} ${i === index ? styles.active : ''}`}
                onMouseEnter={() => setIndex(i)}
                onClick={() => go(hit)}
              >
                <Text>{hit.title}</Text>
                <Text className={styles.area}>{hit.area}</Text>
              </li>
            ))}
          </ul>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
