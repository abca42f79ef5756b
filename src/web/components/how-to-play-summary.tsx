import { HOW_TO_PLAY_BOARD_SIZES, HOW_TO_PLAY_SUMMARY } from '@/content/how-to-play';
import { cn } from '@/lib/utils';

/** The rules in brief, numbered: as cards on the home page, `compact` in the top bar's How to Play sheet. */
export function HowToPlaySummary({ compact = false }: { compact?: boolean }) {
  return (
    <ol className={compact ? 'flex flex-col gap-3 px-4 text-sm' : 'grid gap-3 sm:grid-cols-2'}>
      {HOW_TO_PLAY_SUMMARY.map((line, index) => (
        <li key={line} className={compact ? 'flex gap-3' : 'flex gap-3 rounded-lg border bg-card p-4 text-sm'}>
          <span
            aria-hidden="true"
            className={cn(
              'flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground',
              compact ? 'size-6 text-xs' : 'size-7 text-sm',
            )}
          >
            {index + 1}
          </span>
          <span className={compact ? 'pt-0.5' : 'pt-1'}>{line}</span>
        </li>
      ))}
    </ol>
  );
}

/** D36: the boards of 50 and 25 squares explained, under the guide and in the side sheet. */
export function BoardSizesNote({ compact = false }: { compact?: boolean }) {
  const { title, lines } = HOW_TO_PLAY_BOARD_SIZES;
  return (
    <section
      aria-labelledby="board-sizes-title"
      className={compact ? 'flex flex-col gap-2 px-4 text-sm' : 'flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm'}
      data-testid="board-sizes-note"
    >
      <h2 id="board-sizes-title" className={compact ? 'font-semibold' : 'text-base font-semibold'}>
        {title}
      </h2>
      {lines.map((line) => (
        <p key={line} className="leading-relaxed text-muted-foreground">
          {line}
        </p>
      ))}
    </section>
  );
}
