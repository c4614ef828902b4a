import { useCallback, useState } from 'react';

/** The account tree panel's width: resizable between these bounds, remembered in this browser (issue 10). */
export const ACCOUNT_TREE_WIDTH = { min: 200, max: 640, initial: 280 } as const;
export const ACCOUNT_TREE_WIDTH_STORAGE_KEY = 'cmp.accountTree.width';

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage blocked by the browser: the width lasts for the page only
  }
};

function storedWidth(): number {
  const stored = Number(storage()?.getItem(ACCOUNT_TREE_WIDTH_STORAGE_KEY));
  return Number.isFinite(stored) && stored >= ACCOUNT_TREE_WIDTH.min && stored <= ACCOUNT_TREE_WIDTH.max ? stored : ACCOUNT_TREE_WIDTH.initial;
}

/** The width the user last gave the tree panel, and a setter that remembers the new one. */
export function useAccountTreeWidth(): [number, (width: number) => void] {
  const [width, setWidth] = useState(storedWidth);
  const changeWidth = useCallback((next: number) => {
    setWidth(next);
    try {
      storage()?.setItem(ACCOUNT_TREE_WIDTH_STORAGE_KEY, String(next));
    } catch {
      // A full or blocked storage only means the width is not remembered.
    }
  }, []);
  return [width, changeWidth];
}
