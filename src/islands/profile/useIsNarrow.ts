import { useEffect, useState } from 'react';

/** docs/product.md §9: the profile is one panel under 768 px and tabs from there up. */
export function useIsNarrow(query = '(max-width: 767.98px)'): boolean {
  const [isNarrow, setNarrow] = useState(() => globalThis.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = globalThis.matchMedia(query);
    const update = () => setNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return isNarrow;
}
