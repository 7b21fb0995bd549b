import { useSyncExternalStore } from 'react';

/** docs/product.md §9: documents are previewed only on screens wider than 1024 px. */
const QUERY = '(min-width: 1025px)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, () => false);
}
