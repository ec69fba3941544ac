// Below the tablet width the sidebar is an overlay drawer and the header is compact (DESIGN.md: the shell
// works on a phone). One media query, read through useSyncExternalStore so every reader agrees.
import { useSyncExternalStore } from 'react';

export const TABLET_WIDTH_PX = 768;
const QUERY = `(max-width: ${TABLET_WIDTH_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
