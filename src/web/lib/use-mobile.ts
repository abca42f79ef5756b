import { useSyncExternalStore } from 'react';

/** Below this width the sidebar becomes the mobile menu sheet (spec: mobile breakpoint 768 px). */
export const MOBILE_BREAKPOINT = 768;

/** Whether a media query matches now, re-rendering when it changes; read synchronously so the first paint is right. */
function useMediaQuery(query: string, serverValue: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** True while the viewport is narrower than 768 px. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`, false);
}

/** True while the viewport is at least `px` wide (e.g. 1024 for the two-column game page). */
export function useMinWidth(px: number): boolean {
  return useMediaQuery(`(min-width: ${px}px)`, true);
}
