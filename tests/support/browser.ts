import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, the browser people run: what Lighthouse measures (bench/lighthouse.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * What the tests drive: Chromium's headless shell (Debian's chromium-headless-shell, the same
 * engine without the browser's window layer, as Playwright's own headless runs use). A new
 * context and page costs it 0.7 CPU-seconds against the full browser's 2.3 (issue 34), and the
 * browser tests open hundreds. Without it the tests fall back to the full browser.
 */
export const TEST_BROWSER_PATH =
  process.env.TEST_BROWSER_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

/**
 * Flags that keep Chromium off the network (this machine has none) and quiet. `--max-opt=1`:
 * V8 compiles no further than its baseline tier (Sparkplug), without Maglev and TurboFan,
 * whose background compiles never pay back in a page that lives seconds: the browser phase
 * took 717 core-seconds instead of 787-815 (design note 002). What the page does is the same.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--js-flags=--max-opt=1',
];

/** Debian's Chromium headless shell (TEST_BROWSER_PATH), with a fresh temporary profile. Browsers are never downloaded here. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(TEST_BROWSER_PATH)) {
    throw new Error(`Chromium not found at ${TEST_BROWSER_PATH}: install it with apt-get install -y chromium-headless-shell`);
  }
  return chromium.launch({ executablePath: TEST_BROWSER_PATH, args: ARGS, headless: true });
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** The browser's language (navigator.language, Intl's default), e.g. 'de-DE'. */
  locale?: string;
  /** A touch screen (a phone), so that taps work. */
  touch?: boolean;
  /** The browser's time zone (Intl's default zone), e.g. 'America/Chicago'. */
  timezoneId?: string;
}

/** A page in a fresh context; console errors and page errors are collected for assertions. */
export async function openPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.touch ? { hasTouch: true } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}
