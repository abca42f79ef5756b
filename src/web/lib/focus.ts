/** The id of the page's <main> landmark (skip link target). */
export const MAIN_ID = 'main-content';

/**
 * Moves focus to the page's h1 (else <main>) so keyboard and screen reader users start reading
 * at the new content, e.g. after a client-side navigation.
 */
export function focusPageHeading(): void {
  const main = document.getElementById(MAIN_ID);
  const heading = main?.querySelector('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  (heading ?? main)?.focus({ preventScroll: true });
}
