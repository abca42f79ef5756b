import type { BoardResponse } from '@core/api/board';
import { NO_ACCOUNT_LEGEND } from '@core/person';
import { gameStatusLine } from '@core/status';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/page';
import { Button } from '@/components/ui/button';
import { LinkQrCode } from '@/features/admin-game/share-link';
import { cn } from '@/lib/utils';
import { NoAccountIcon } from './cell-name';
import { PayoutRulesPanel } from './payout-rules';
import { PrintGrid } from './print-grid';
import { printFacts } from './print-squares';

/**
 * One landscape page whichever paper the printer has: the sheet is drawn at 10 x 7.3 inches, inside
 * both Letter (11 x 8.5) and A4 (11.69 x 8.27) less the page's 0.4 inch margins, and cuts off
 * anything that would run over rather than start a second page.
 */
const PAGE_CSS = '@page { size: landscape; margin: 0.4in; } @media print { html, body { background: #fff !important; } }';

/** The game's link as the print page shows it: its QR code (an invite link's for an invite-only game, D30). */
export interface PrintLink {
  readonly url: string;
  readonly qr_svg: string;
  readonly invite: boolean;
}

/** The sheet: Back and Print on a screen; the game's heading, the grid, the payouts and the link's QR code. */
export function PrintSheet({ board, qr, back }: { board: BoardResponse; qr: PrintLink | undefined; back: ReactNode }) {
  const { game } = board;
  usePageTitle(`Print: ${game.title}`);
  return (
    <div
      className={cn(
        'paper mx-auto flex w-full max-w-6xl flex-col gap-4 bg-background p-4 text-foreground sm:p-6',
        // The sheet: a fixed box inside the smaller of Letter and A4 landscape, never a second page.
        'print:m-0 print:h-[7.3in] print:w-[10in] print:max-w-none print:gap-2 print:overflow-hidden print:p-0',
      )}
      data-testid="print-sheet"
      data-board-size={game.board_size}
    >
      <style>{PAGE_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        {back}
        <Button type="button" onClick={() => window.print()} data-testid="print-button">
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <PrintHeader board={board} />
      <div className="flex flex-col gap-4 md:flex-row print:min-h-0 print:flex-1 print:flex-row print:gap-3">
        <PrintGrid board={board} />
        <PrintAside board={board} qr={qr} />
      </div>
    </div>
  );
}

/** Title, teams, the facts and status line, the "no account" mark's legend (D48) and how to pay the organizer (D28). */
function PrintHeader({ board }: { board: BoardResponse }) {
  const { game } = board;
  return (
    <header className="flex flex-col gap-1 print:gap-0">
      <h1 className="text-2xl font-bold tracking-tight break-words print:line-clamp-1 print:text-[18pt] print:leading-tight" data-testid="print-title">
        {game.title}
      </h1>
      <p className="text-lg font-semibold break-words print:line-clamp-1 print:text-[12pt]" data-testid="print-teams">
        {game.team_a} vs {game.team_b}
      </p>
      <p className="text-sm print:text-[9pt]" data-testid="print-facts">
        {printFacts(game).join(' · ')} · {gameStatusLine(game, board.digit_sets)}
      </p>
      {board.squares.some((square) => square.status === 'claimed' && square.owner_no_account) && (
        <p className="flex items-center gap-1 text-sm print:text-[8pt]" data-testid="print-no-account-legend">
          <NoAccountIcon className="print:size-[8pt]" />
          {NO_ACCOUNT_LEGEND}
        </p>
      )}
      {game.payment_method === 'organizer' && game.payment_instructions && (
        <p className="text-sm break-words print:line-clamp-1 print:text-[8pt]" data-testid="print-how-to-pay">
          How to pay: {game.payment_instructions}
        </p>
      )}
    </header>
  );
}

/** Beside the grid: the payout rules (D34, D37) and the QR code of the game's link. */
function PrintAside({ board, qr }: { board: BoardResponse; qr: PrintLink | undefined }) {
  return (
    <aside aria-label="Payouts and link" className="flex flex-col gap-3 md:w-64 md:shrink-0 print:w-[2.45in] print:shrink-0 print:gap-2">
      <PayoutRulesPanel
        game={board.game}
        className="border-neutral-400 shadow-none print:gap-0.5 print:rounded-md print:p-2 print:text-[8pt] print:leading-snug [&_h2]:print:text-[10pt] [&_p]:print:text-[7.5pt] [&_dl>div]:print:py-0.5"
      />
      {qr && (
        <div className="flex flex-col items-center gap-1" data-testid="print-qr-block" data-link={qr.url}>
          <LinkQrCode
            svg={qr.qr_svg}
            alt={qr.invite ? 'QR code of the invite link' : 'QR code of the game link'}
            testId="print-qr"
            className="border-neutral-400 p-2 shadow-none print:p-1 [&_figcaption]:print:text-[8pt]"
            imageClassName="w-40 print:w-[1.45in]"
          />
          <p className="max-w-full text-center font-mono text-xs break-all print:text-[6.5pt]" data-testid="print-link">
            {qr.url}
          </p>
        </div>
      )}
    </aside>
  );
}
