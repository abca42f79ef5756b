import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell, AppShellFallback } from '@/components/app-shell';
import { RootError, RouteError } from '@/components/route-error';
import HomePage from '@/pages/home';

/** Loads a page module lazily (its default export is the page component). */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * The home page ships in the first bundle; every other page is its own chunk
 * (budget: first page JavaScript at most 200 KB gzip).
 */
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    HydrateFallback: AppShellFallback,
    ErrorBoundary: RootError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomePage },
          { path: 'how-to-play', lazy: page(() => import('@/pages/how-to-play')) },
          { path: 'contact', lazy: page(() => import('@/pages/contact')) },
          { path: '*', lazy: page(() => import('@/pages/not-found')) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
