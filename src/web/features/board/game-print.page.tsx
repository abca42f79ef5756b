/**
 * D42 /game/:id/print: a game's board on one landscape page (Letter or A4) for the office wall
 * (design note 033). Title, teams, price, the grid with owners' names and every number set's
 * digits once drawn and revealed (D16, D35), the payout rules the board shows (D34, D37) and a
 * QR code of the game's link. Read from the board's API (the same access rule: a game the viewer
 * may not see is "not found") and the link route; outside the app shell, so nothing but the sheet
 * prints. On a screen it reads as a page of its own (a phone scrolls the grid sideways).
 */
import type { BoardResponse } from '@core/api/board';
import { type BoardShape, boardShape, boardSizeLabel } from '@core/board-shape';
import { squareKey, squarePositionLabel } from '@core/grid';
import { GAME_ERRORS } from '@core/messages';
import { formatUsd } from '@core/money';
import { periodModel, periodShortLabel } from '@core/periods';
import { cellPerson, NO_ACCOUNT_LEGEND, personLabel } from '@core/person';
import { type PrintedAxisSet, printedAxisSets } from '@core/print-board';
import { gameStatusLine } from '@core/status';
import { Printer } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useParams } from 'react-router';
import { shownWinners } from './board';
import { CellName, NoAccountIcon, NoAccountMark } from './cell-name';
import { cancelledGameOf, GameCancelled } from './game-cancelled';
import { GameNotFound } from './game-not-found';
import { BackLink } from '@/components/link-button';
import { ErrorState, LoadingState, usePageTitle } from '@/components/page';
import { PayoutRulesPanel } from './payout-rules';
import { LinkQrCode } from '@/features/admin-game/share-link';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api';
import { useBoard } from './board-data';
import { MAIN_ID } from '@/lib/focus';
import { useGameLink, useInviteFromAddress } from '@/features/admin-game/invite';
import { cn } from '@/lib/utils';

/**
 * One landscape page whichever paper the printer has: the sheet is drawn at 10 x 7.3 inches, inside
 * both Letter (11 x 8.5) and A4 (11.69 x 8.27) less the page's 0.4 inch margins, and cuts off
 * anything that would run over rather than start a second page.
 */
const PAGE_CSS = '@page { size: landscape; margin: 0.4in; } @media print { html, body { background: #fff !important; } }';

export default function GamePrintPage() {
  const { id = '' } = useParams();
  const invite = useInviteFromAddress(id);
  const waiting = invite === 'pending';
  const board = useBoard(waiting ? undefined : id);
  const cancelled = cancelledGameOf(board.error);
  const notFound = invite === 'refused' || (isApiError(board.error) && board.error.status === 404) || cancelled !== null;
  const link = useGameLink(id, !waiting && !notFound && board.isSuccess);
  const back = <BackLink to={`/game/${encodeURIComponent(id)}`}>Back to the board</BackLink>;

  let content: ReactNode;
  if (cancelled) content = <GameCancelled game={cancelled} before={back} />;
  else if (notFound) content = <GameNotFound before={back} />;
  else if (board.data) content = <PrintSheet board={board.data} qr={link.data} back={back} />;
  else if (board.isError && !board.isFetching)
    content = (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
        {back}
        <ErrorState
          title={GAME_ERRORS.loadDetailsFailed}
          message={board.error instanceof Error ? board.error.message : undefined}
          onRetry={() => void board.refetch()}
        />
      </div>
    );
  else content = <LoadingState label="Loading the board..." />;
  return (
    <main id={MAIN_ID} tabIndex={-1} className="flex min-h-svh flex-col focus:outline-none print:min-h-0">
      {content}
    </main>
  );
}

function PrintSheet({ board, qr, back }: { board: BoardResponse; qr: { url: string; qr_svg: string; invite: boolean } | undefined; back: ReactNode }) {
  const { game } = board;
  usePageTitle(`Print: ${game.title}`);
  const shape = boardShape(game.board_size);
  const facts = [
    boardSizeLabel(shape),
    `${formatUsd(game.price_per_square_cents)} per square`,
    `Pot ${formatUsd(game.total_pot_cents)}`,
    `${game.squares_claimed} of ${game.board_size} sold`,
  ];
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
      <header className="flex flex-col gap-1 print:gap-0">
        <h1 className="text-2xl font-bold tracking-tight break-words print:line-clamp-1 print:text-[18pt] print:leading-tight" data-testid="print-title">
          {game.title}
        </h1>
        <p className="text-lg font-semibold break-words print:line-clamp-1 print:text-[12pt]" data-testid="print-teams">
          {game.team_a} vs {game.team_b}
        </p>
        <p className="text-sm print:text-[9pt]" data-testid="print-facts">
          {facts.join(' · ')} · {gameStatusLine(game, board.digit_sets)}
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
      <div className="flex flex-col gap-4 md:flex-row print:min-h-0 print:flex-1 print:flex-row print:gap-3">
        <PrintGrid board={board} />
        <aside aria-label="Payouts and link" className="flex flex-col gap-3 md:w-64 md:shrink-0 print:w-[2.45in] print:shrink-0 print:gap-2">
          <PayoutRulesPanel
            game={game}
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
      </div>
    </div>
  );
}

/** Font sizes by board: a hundred squares share the sheet, twenty-five have room. */
const CELL_TEXT: Record<number, string> = {
  100: 'text-xs print:text-[7.5pt]',
  50: 'text-xs print:text-[9pt]',
  25: 'text-sm print:text-[11pt]',
};

const LINE = 'border-neutral-700';

/**
 * The grid: team B's name across the top and one line of digits per number set above the columns,
 * team A's name down the side and one column of digits per set beside the rows (a set's periods
 * label it when the game has several); each square with its owner's name, cut to fit, and the
 * periods it won. Borders only, no fills: it prints in black and white without background graphics.
 */
function PrintGrid({ board }: { board: BoardResponse }) {
  const { game } = board;
  const shape = boardShape(game.board_size);
  const model = periodModel(game.game_type);
  const sets = printedAxisSets({
    shape,
    model,
    mode: game.number_sets,
    revealed: game.numbers_revealed,
    sets: board.digit_sets,
    numbers: board.numbers,
  });
  const several = sets.length > 1;
  const owners = new Map(
    board.squares
      .filter((square) => square.status === 'claimed')
      .map((square) => [squareKey(square), { name: square.owner_username, noAccount: square.owner_no_account }] as const),
  );
  const won = new Map<string, string[]>();
  for (const winner of shownWinners(board)) {
    const key = squareKey({ x: winner.square_x, y: winner.square_y });
    won.set(key, [...(won.get(key) ?? []), periodShortLabel(model, winner.quarter)]);
  }
  const s = sets.length;
  const style = {
    gridTemplateColumns: `auto repeat(${s}, auto) repeat(${shape.columns}, minmax(0, 1fr))`,
    '--rows-screen': `auto repeat(${s}, auto) repeat(${shape.rows}, minmax(3rem, auto))`,
    '--rows-print': `auto repeat(${s}, auto) repeat(${shape.rows}, minmax(0, 1fr))`,
    '--grid-min': `${shape.columns * 3.75 + 1.5 + s * 2.75}rem`,
  } as CSSProperties;
  const at = (row: number, column: number): CSSProperties => ({ gridRow: row + 1, gridColumn: column + 1 });

  return (
    // Positioned: the cells' screen-reader words (absolute) stay inside the box that scrolls on a phone.
    <section aria-labelledby="print-board-heading" tabIndex={0} className="relative min-w-0 flex-1 overflow-x-auto print:overflow-hidden">
      <h2 id="print-board-heading" className="sr-only">
        Board
      </h2>
      <div
        className={cn(
          'grid min-w-[var(--grid-min)] grid-rows-[var(--rows-screen)] print:h-full print:min-w-0 print:grid-rows-[var(--rows-print)]',
          CELL_TEXT[shape.size],
        )}
        style={style}
        data-testid="print-grid"
      >
        <div
          style={{ ...at(0, s + 1), gridColumnEnd: -1 }}
          className="truncate pb-0.5 text-center font-bold tracking-wide uppercase"
          data-testid="print-team-b"
        >
          {game.team_b} →
        </div>
        <div
          style={{ ...at(s + 1, 0), gridRowEnd: -1 }}
          className="flex items-center justify-center pr-0.5 font-bold tracking-wide uppercase [writing-mode:vertical-rl] rotate-180"
          data-testid="print-team-a"
        >
          <span className="truncate">{game.team_a} →</span>
        </div>
        {sets.map((set, i) => (
          <AxisSet key={set.set} set={set} index={i} count={s} shape={shape} labelled={several} at={at} />
        ))}
        {Array.from({ length: shape.rows }, (_, x) =>
          Array.from({ length: shape.columns }, (_, y) => {
            const key = squareKey({ x, y });
            const owner = owners.get(key);
            // D48: the cell shows the name and a mark for "no account"; its words are for screen readers.
            const shown = owner ? cellPerson(owner) : null;
            const periods = won.get(key) ?? [];
            return (
              <div
                key={key}
                style={at(s + 1 + x, s + 1 + y)}
                className={cn('relative flex min-w-0 flex-col items-center justify-center overflow-hidden border-r border-b p-0.5 leading-tight', LINE)}
                data-testid="print-square"
                data-x={x}
                data-y={y}
                data-won={periods.length > 0 ? periods.join(' ') : undefined}
              >
                <span className="sr-only">
                  {squarePositionLabel({ x, y })}: {shown ? personLabel(owner!) : 'not sold'}
                  {periods.length > 0 && `, won ${periods.join(', ')}`}
                </span>
                {/* On paper a name wraps between words over two lines; a word wider than the square ends in an ellipsis. */}
                {shown && <CellName name={shown.name} noAccount={shown.noAccount} lines={2} />}
                {shown?.noAccount && <NoAccountMark />}
                {periods.length > 0 && (
                  <span aria-hidden="true" className="mt-0.5 rounded-sm border border-black px-1 text-[0.85em] font-bold">
                    {periods.join(' ')}
                  </span>
                )}
              </div>
            );
          }),
        )}
      </div>
    </section>
  );
}

/** One number set: a line of digits over the columns and a column of digits beside the rows; blank boxes until drawn and revealed. */
function AxisSet({
  set,
  index,
  count,
  shape,
  labelled,
  at,
}: {
  set: PrintedAxisSet;
  index: number;
  count: number;
  shape: BoardShape;
  labelled: boolean;
  at: (row: number, column: number) => CSSProperties;
}) {
  const digit = cn('flex items-center justify-center border-r border-b px-0.5 font-bold tabular-nums whitespace-nowrap', LINE);
  const name = labelled ? `Set ${set.set} (${set.periodsLabel})` : 'Numbers';
  return (
    <>
      {labelled && (
        <>
          <div style={at(index + 1, 0)} className="flex items-center justify-end pr-1 text-[0.85em] font-semibold whitespace-nowrap" aria-hidden="true">
            {set.periodsLabel}
          </div>
          <div style={at(0, index + 1)} className="flex items-end justify-center px-1 pb-0.5 text-[0.85em] font-semibold whitespace-nowrap" aria-hidden="true">
            {set.periodsLabel}
          </div>
        </>
      )}
      {Array.from({ length: shape.columns }, (_, y) => (
        <div
          key={`c${y}`}
          style={at(index + 1, count + 1 + y)}
          className={cn(digit, 'min-h-[1.75em]', index === 0 && 'border-t', y === 0 && 'border-l')}
          data-testid={`print-column-digit-${set.set}`}
        >
          {y === 0 && <span className="sr-only">{`${name}, ${set.columns ? 'columns' : 'not drawn yet'}: `}</span>}
          {set.columns?.[y] ?? ''}
        </div>
      ))}
      {Array.from({ length: shape.rows }, (_, x) => (
        <div
          key={`r${x}`}
          style={at(count + 1 + x, index + 1)}
          className={cn(digit, shape.digitsPerRow === 2 ? 'min-w-[3.25em]' : 'min-w-[1.75em]', index === 0 && 'border-l', x === 0 && 'border-t')}
          data-testid={`print-row-digit-${set.set}`}
        >
          {x === 0 && set.rows && <span className="sr-only">{`${name}, rows: `}</span>}
          {set.rows?.[x] ?? ''}
        </div>
      ))}
    </>
  );
}
