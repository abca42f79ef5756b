import { useCallback, useSyncExternalStore } from 'react';

/** Below this width the sidebar becomes the mobile menu sheet (spec: mobile breakpoint 768 px). */
const MOBILE_BREAKPOINT = 768;

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * One MediaQueryList per query for the page's life: React reads a snapshot on every render of
 * every component that asks, and there is no need for a new list (and a new parse of the query)
 * each time.
 */
const lists = new Map<string, MediaQueryList>();
function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** True while `query` matches (`serverValue` without a window); read synchronously so the first paint is right. */
function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query).matches,
    () => serverValue,
  );
}

/** True while the viewport is narrower than 768 px. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

/** True while the viewport is at least `px` wide (e.g. 1024 for the two-column game page). */
export function useMinWidth(px: number): boolean {
  return useMediaQuery(`(min-width: ${px}px)`, true);
}

/**
 * A phone (D45): the card page opens in the same tab. Narrower than the spec's mobile breakpoint,
 * or a touch-only device (no hover, coarse pointer: a phone held sideways, a tablet), where tabs
 * are hard to find and switch between. A desktop with a mouse keeps the spec's new tab (design
 * note 015).
 */
const SAME_TAB_PAYMENT_QUERY = `${MOBILE_QUERY}, (hover: none) and (pointer: coarse)`;

/** Whether the card page opens in this tab (D45), as of now. */
export function paysInSameTab(): boolean {
  return typeof window !== 'undefined' && mediaQueryList(SAME_TAB_PAYMENT_QUERY).matches;
}

/** paysInSameTab, followed as the viewport changes. */
export function usePaysInSameTab(): boolean {
  return useMediaQuery(SAME_TAB_PAYMENT_QUERY);
}
