/**
 * The admin game page's sections (issue 23): one section at a time behind a tab list at the top
 * (Board, Game day, Payments, Orders, Activity, Settings), so Payments is one tap away instead of
 * 3,000 px down. The chosen section is in the address's hash (/admin/game/:id#payments), so a
 * section can be linked to, reloaded and reached with Back; without a hash the page opens on the
 * board while squares sell and on game day once the numbers are drawn. Tabs are the Radix ones of
 * components/ui (arrow keys, tab/tabpanel roles).
 */
import type { GameDayView } from '@core/api/game-day';
import { notPaidYetSummary } from '@core/payment-methods';
import { salesOpen } from '@core/sales';
import { CircleDollarSign } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useGamePayments } from './organizer';

const ADMIN_SECTIONS = [
  ['board', 'Board'],
  ['game-day', 'Game day'],
  ['payments', 'Payments'],
  ['orders', 'Orders'],
  ['activity', 'Activity'],
  ['settings', 'Settings'],
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number][0];

/** The section a hash names: `#payments`, or a place inside one, `#payments-<player>` (a winner's "Their payments" link). */
const sectionOfHash = (hash: string): AdminSection | undefined => ADMIN_SECTIONS.find(([id]) => hash === id || hash.startsWith(`${id}-`))?.[0];

/** Board while squares sell; game day once the numbers are drawn (or the game is over). */
function defaultSection(game: GameDayView['game']): AdminSection {
  return salesOpen(game, new Date()) ? 'board' : 'game-day';
}

const panelOf = (section: AdminSection) => document.querySelector<HTMLElement>(`[role="tabpanel"][data-section="${section}"]`);

/** The section in the address's hash, and a way to choose one (written to the hash, the page not scrolled). */
function useSection(fallback: AdminSection) {
  const location = useLocation();
  const navigate = useNavigate();
  const hash = decodeURIComponent(location.hash.slice(1));
  const section = sectionOfHash(hash) ?? fallback;
  // A jump from elsewhere on the page lands on the section: its panel is focused (and so scrolled
  // to) once it is rendered.
  const [focusNext, setFocusNext] = useState<AdminSection | null>(null);
  useEffect(() => {
    if (focusNext === null || focusNext !== section) return;
    // The section list lands at the top (below the sticky top bar: its scroll margin), then the panel takes focus.
    document.querySelector('[data-testid="admin-section-nav"]')?.closest('nav')?.scrollIntoView({ block: 'start' });
    panelOf(section)?.focus({ preventScroll: true });
    setFocusNext(null);
  }, [focusNext, section]);
  const choose = (next: AdminSection, options: { focus?: boolean } = {}) => {
    // Replace: switching tabs is not a page of its own for Back; a link to a section (below) pushes.
    void navigate({ pathname: location.pathname, search: location.search, hash: `#${next}` }, { replace: !options.focus, preventScrollReset: true });
    if (options.focus) setFocusNext(next);
  };
  return [section, choose] as const;
}

export function AdminGameSections({ view, panels }: { view: GameDayView; panels: Record<AdminSection, ReactNode> }) {
  const [section, choose] = useSection(defaultSection(view.game));
  return (
    <div className="flex flex-col gap-4" data-testid="admin-sections">
      {view.game.payment_method === 'organizer' && <NotPaidYet gameId={view.game.id} onJump={() => choose('payments', { focus: true })} />}
      <Tabs value={section} onValueChange={(value) => choose(value as AdminSection)} className="gap-4">
        <nav
          aria-label="Sections of this game"
          className="-mx-1 scroll-mt-16 bg-background/95 px-1 py-1 sm:sticky sm:top-14 sm:z-10 sm:backdrop-blur sm:supports-[backdrop-filter]:bg-background/80"
        >
          <TabsList className="flex h-auto w-full flex-wrap justify-start gap-1 overflow-visible sm:w-fit" data-testid="admin-section-nav">
            {ADMIN_SECTIONS.map(([id, label]) => (
              <TabsTrigger key={id} value={id} className="h-auto min-h-9 flex-none px-3" data-section={id}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
        </nav>
        {ADMIN_SECTIONS.map(([id, label]) => (
          <TabsContent
            key={id}
            value={id}
            data-section={id}
            aria-label={label}
            className="flex flex-col gap-6 outline-none focus-visible:ring-2 focus-visible:ring-ring/50"
          >
            {panels[id]}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

/** "Not paid yet: $130.00 from 3 people", linking to the Payments section (organizer-collects games). */
function NotPaidYet({ gameId, onJump }: { gameId: string; onJump: () => void }) {
  const payments = useGamePayments(gameId);
  const line = payments.data ? notPaidYetSummary(payments.data.players) : null;
  if (line === null) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border bg-card px-3 py-2 text-sm shadow-sm" data-testid="not-paid-summary">
      <CircleDollarSign aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <span className="font-medium">{line}</span>
      <Link
        to="#payments"
        preventScrollReset
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onJump();
        }}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        See payments
      </Link>
    </p>
  );
}
