import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AppSidebar } from './app-sidebar';
import { LoadingState } from '@/components/page';
import { TopBar } from './top-bar';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { PRODUCT_NAME } from '@/lib/config';
import { focusPageHeading, MAIN_ID } from '@/lib/focus';

/** The layout around every page: skip link, sidebar, top bar, main landmark, footer. */
export function AppShell({ children }: { children?: ReactNode }) {
  useFocusOnNavigation();
  return (
    <SidebarProvider>
      <a
        href={`#${MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      >
        Skip to main content
      </a>
      <AppSidebar />
      <SidebarInset>
        <TopBar />
        <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          {children ?? <Outlet />}
        </main>
        <footer className="border-t px-4 py-4 text-sm text-muted-foreground md:px-6">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2">
            <span>{PRODUCT_NAME}</span>
            <Link to="/contact" className="underline-offset-4 hover:text-foreground hover:underline">
              Contact
            </Link>
          </div>
        </footer>
      </SidebarInset>
      <ScrollRestoration />
    </SidebarProvider>
  );
}

/** Shown while the first page's code loads: the shell with a spinner in place of the page. */
export function AppShellFallback() {
  return (
    <AppShell>
      <LoadingState />
    </AppShell>
  );
}

/**
 * After a client-side navigation, move focus to the new page's h1 so keyboard and screen reader
 * users start at the top of the new content (the first page load keeps the browser's default).
 */
function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusPageHeading();
  }, [pathname]);
}
