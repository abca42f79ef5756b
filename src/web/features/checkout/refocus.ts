import { focusPageHeading } from '@/lib/focus';

/** Moves focus somewhere sensible after the focused control disappears. */
export function refocus(target: HTMLElement | null | undefined | (() => HTMLElement | null)): void {
  requestAnimationFrame(() => {
    const element = typeof target === 'function' ? target() : target;
    if (element?.isConnected) element.focus();
    else focusPageHeading();
  });
}
