import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell, AppShellFallback } from '@/components/app-shell';
import { RootError, RouteError } from '@/components/route-error';
import { LoadingState } from '@/components/page';
import { RequireAdmin, RequireUser, RequireUsername } from '@/components/route-guards';
import HomePage from '@/pages/home';

/** Loads a page module lazily (its default export is the page component). */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * The home page ships in the first bundle; every other page is its own chunk
 * (budget: first page JavaScript at most 200 KB gzip).
 */
const routes: RouteObject[] = [
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
          { path: 'all-games', lazy: page(() => import('@/pages/all-games')) },
          // A game's board: public and read-only for visitors (D11).
          { path: 'game/:id', lazy: page(() => import('@/pages/game')) },
          // D38: every digit set recomputed from the published values (design note 030).
          { path: 'game/:id/verify', lazy: page(() => import('@/pages/game-verify')) },
          { path: 'contact', lazy: page(() => import('@/pages/contact')) },
          // Accounts (spec section 2; D6, D9, D10, D26). Guarded routes use RequireUser /
          // RequireAdmin from components/route-guards as their layout route.
          { path: 'login', lazy: page(() => import('@/pages/login')) },
          { path: 'signup', lazy: page(() => import('@/pages/signup')) },
          { path: 'forgot-password', lazy: page(() => import('@/pages/forgot-password')) },
          { path: 'reset-password', lazy: page(() => import('@/pages/reset-password')) },
          // An expired or broken confirmation link, and a new confirmation mail (issue 11).
          { path: 'confirm-email', lazy: page(() => import('@/pages/confirm-email')) },
          // Where a sign-in link lands (D29): a new account chooses its username, then goes on.
          { path: 'welcome', lazy: page(() => import('@/pages/welcome')) },
          { path: 'not-authorized', lazy: page(() => import('@/pages/not-authorized')) },
          { path: 'dev/mailbox', lazy: page(() => import('@/pages/dev-mailbox')) },
          // D40: a mail footer's one-click unsubscribe (a signed link, no login).
          { path: 'unsubscribe', lazy: page(() => import('@/pages/unsubscribe')) },
          // The old address's undo link after an e-mail change (a single-use link, no login; docs/decisions/039).
          { path: 'email-undo', lazy: page(() => import('@/pages/email-undo')) },
          // Administration (spec section 2 /admin routes; D10): visitors go to /login and back,
          // players to /not-authorized.
          {
            Component: RequireAdmin,
            children: [
              { path: 'admin', lazy: page(() => import('@/pages/admin-dashboard')) },
              { path: 'admin/games', lazy: page(() => import('@/pages/admin-games')) },
              { path: 'admin/games/new', lazy: page(() => import('@/pages/admin-game-new')) },
              { path: 'admin/games/edit/:id', lazy: page(() => import('@/pages/admin-game-edit')) },
              // Game day (D20): the Game Day Controls screen, and the board with the same controls.
              { path: 'admin/games/:id/game-day', lazy: page(() => import('@/pages/admin-game-day')) },
              // D45: where the organizer lands after creating a game.
              { path: 'admin/games/:id/share', lazy: page(() => import('@/pages/admin-game-share')) },
              { path: 'admin/game/:id', lazy: page(() => import('@/pages/admin-game')) },
            ],
          },
          // Payment (spec section 2 /payment, /payment-success, /my-squares; D21): visitors on
          // /payment and /my-squares go to /login and back; /payment-success is public.
          {
            Component: RequireUser,
            children: [
              // Buying shows the buyer's username on the board: an account without one chooses it first (D29).
              { Component: RequireUsername, children: [{ path: 'payment', lazy: page(() => import('@/pages/payment')) }] },
              { path: 'my-squares', lazy: page(() => import('@/pages/my-squares')) },
            ],
          },
          { path: 'payment-success', lazy: page(() => import('@/pages/payment-success')) },
          // The cart (spec /cart, signed in): visitors go to /login and back.
          { Component: RequireUser, children: [{ path: 'cart', lazy: page(() => import('@/pages/cart')) }] },
          // A player's winnings (spec /my-winnings, signed in; D23).
          { Component: RequireUser, children: [{ path: 'my-winnings', lazy: page(() => import('@/pages/my-winnings')) }] },
          // D41: the signed-in account's username, e-mail, password, and deleting it.
          { Component: RequireUser, children: [{ path: 'account', lazy: page(() => import('@/pages/account')) }] },
          { path: '*', lazy: page(() => import('@/pages/not-found')) },
        ],
      },
    ],
  },
  // D42: the printable board, outside the app shell so that only the sheet prints.
  {
    path: 'game/:id/print',
    lazy: page(() => import('@/pages/game-print')),
    HydrateFallback: LoadingState,
    ErrorBoundary: RootError,
  },
  // The built-in test checkout (D22, D26): the payment provider's page, outside the app shell.
  {
    path: 'checkout/test/:id',
    lazy: page(() => import('@/pages/test-checkout')),
    HydrateFallback: LoadingState,
    ErrorBoundary: RootError,
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
