import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell, AppShellFallback } from '@/features/shell/app-shell';
import { RootError, RouteError } from '@/features/shell/route-error';
import { LoadingState } from '@/components/page';
import { RequireAdmin, RequireUser, RequireUsername } from '@/features/auth/route-guards';
import HomePage from '@/features/game-lists/home.page';

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
          { path: 'how-to-play', lazy: page(() => import('@/features/help/how-to-play.page')) },
          { path: 'all-games', lazy: page(() => import('@/features/game-lists/all-games.page')) },
          // A game's board: public and read-only for visitors (D11).
          { path: 'game/:id', lazy: page(() => import('@/features/board/game.page')) },
          // D38: every digit set recomputed from the published values (design note 030).
          { path: 'game/:id/verify', lazy: page(() => import('@/features/board/game-verify.page')) },
          { path: 'contact', lazy: page(() => import('@/features/shell/contact.page')) },
          // Accounts (spec section 2; D6, D9, D10, D26). Guarded routes use RequireUser /
          // RequireAdmin from components/route-guards as their layout route.
          { path: 'login', lazy: page(() => import('@/features/auth/login.page')) },
          { path: 'signup', lazy: page(() => import('@/features/auth/signup.page')) },
          { path: 'forgot-password', lazy: page(() => import('@/features/auth/forgot-password.page')) },
          { path: 'reset-password', lazy: page(() => import('@/features/auth/reset-password.page')) },
          // An expired or broken confirmation link, and a new confirmation mail (issue 11).
          { path: 'confirm-email', lazy: page(() => import('@/features/auth/confirm-email.page')) },
          // Where a sign-in link lands (D29): a new account chooses its username, then goes on.
          { path: 'welcome', lazy: page(() => import('@/features/auth/welcome.page')) },
          { path: 'not-authorized', lazy: page(() => import('@/features/shell/not-authorized.page')) },
          { path: 'dev/mailbox', lazy: page(() => import('@/features/shell/dev-mailbox.page')) },
          // D40: a mail footer's one-click unsubscribe (a signed link, no login).
          { path: 'unsubscribe', lazy: page(() => import('@/features/account/unsubscribe.page')) },
          // The old address's undo link after an e-mail change (a single-use link, no login; docs/decisions/039).
          { path: 'email-undo', lazy: page(() => import('@/features/auth/email-undo.page')) },
          // Administration (spec section 2 /admin routes; D10): visitors go to /login and back,
          // players to /not-authorized.
          {
            Component: RequireAdmin,
            children: [
              { path: 'admin', lazy: page(() => import('@/features/admin-game/admin-dashboard.page')) },
              { path: 'admin/games', lazy: page(() => import('@/features/admin-game/admin-games.page')) },
              { path: 'admin/games/new', lazy: page(() => import('@/features/admin-game/admin-game-new.page')) },
              { path: 'admin/games/edit/:id', lazy: page(() => import('@/features/admin-game/admin-game-edit.page')) },
              // Game day (D20): the Game Day Controls screen, and the board with the same controls.
              { path: 'admin/games/:id/game-day', lazy: page(() => import('@/features/game-day/admin-game-day.page')) },
              // D45: where the organizer lands after creating a game.
              { path: 'admin/games/:id/share', lazy: page(() => import('@/features/admin-game/admin-game-share.page')) },
              { path: 'admin/game/:id', lazy: page(() => import('@/features/admin-game/admin-game.page')) },
            ],
          },
          // Payment (spec section 2 /payment, /payment-success, /my-squares; D21): visitors on
          // /payment and /my-squares go to /login and back; /payment-success is public.
          {
            Component: RequireUser,
            children: [
              // Buying shows the buyer's username on the board: an account without one chooses it first (D29).
              { Component: RequireUsername, children: [{ path: 'payment', lazy: page(() => import('@/features/checkout/payment.page')) }] },
              { path: 'my-squares', lazy: page(() => import('@/features/game-lists/my-squares.page')) },
            ],
          },
          { path: 'payment-success', lazy: page(() => import('@/features/checkout/payment-success.page')) },
          // The cart (spec /cart, signed in): visitors go to /login and back.
          { Component: RequireUser, children: [{ path: 'cart', lazy: page(() => import('@/features/checkout/cart.page')) }] },
          // A player's winnings (spec /my-winnings, signed in; D23).
          { Component: RequireUser, children: [{ path: 'my-winnings', lazy: page(() => import('@/features/game-lists/my-winnings.page')) }] },
          // D41: the signed-in account's username, e-mail, password, and deleting it.
          { Component: RequireUser, children: [{ path: 'account', lazy: page(() => import('@/features/account/account.page')) }] },
          { path: '*', lazy: page(() => import('@/features/shell/not-found.page')) },
        ],
      },
    ],
  },
  // D42: the printable board, outside the app shell so that only the sheet prints.
  {
    path: 'game/:id/print',
    lazy: page(() => import('@/features/board/game-print.page')),
    HydrateFallback: LoadingState,
    ErrorBoundary: RootError,
  },
  // The built-in test checkout (D22, D26): the payment provider's page, outside the app shell.
  {
    path: 'checkout/test/:id',
    lazy: page(() => import('@/features/checkout/test-checkout.page')),
    HydrateFallback: LoadingState,
    ErrorBoundary: RootError,
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
