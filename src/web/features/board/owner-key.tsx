import type { BoardResponse } from '@core/api/board';
import { personLabel } from '@core/person';
import { Disclosure } from '@/components/disclosure';
import { cn } from '@/lib/utils';
import { othersOnKey, ownerKeySummary } from './board-cells';
import { CELL_STYLES, ownerStyle } from './cell-styles';

/** Past this many owners the key starts folded: a long list would push the page down on a phone. */
const KEY_OPEN_UP_TO = 8;

/**
 * D44: the key to the short labels a phone's squares show ("CD" is coach_dana), each with the
 * owner's colour; the viewer's own squares say "You" and need no line. A disclosure (a native
 * `details`), so it is one tab stop and a screen reader announces it; folded when long.
 */
export function OwnerKey({ board }: { board: BoardResponse }) {
  const entries = othersOnKey(board);
  if (entries.length === 0) return null;
  return (
    <Disclosure open={entries.length <= KEY_OPEN_UP_TO} summary={ownerKeySummary(entries.length)} className="group" data-testid="owner-key">
      <ul aria-label="Who is who on the board" className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-4 gap-y-1.5">
        {entries.map((entry) => (
          <li key={entry.name} className="flex min-w-0 items-center gap-2" data-testid="owner-key-entry">
            <span
              className={cn('inline-flex h-6 min-w-8 shrink-0 items-center justify-center rounded-[3px] px-1 text-xs font-semibold', CELL_STYLES.claimed)}
              style={ownerStyle(entry.colour)}
              data-testid="owner-key-label"
            >
              {entry.label}
            </span>
            <span className="sr-only">: </span>
            <span className="min-w-0 break-words" data-testid="owner-key-name">
              {personLabel({ name: entry.name, noAccount: entry.noAccount })}
            </span>
          </li>
        ))}
      </ul>
    </Disclosure>
  );
}
