import { HOW_TO_PLAY_BOARD_SIZES, HOW_TO_PLAY_DRAWS, HOW_TO_PLAY_SUMMARY } from './how-to-play-content';
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

/** One rule explained in a few lines, under the guide and in the side sheet. */
function RuleNote({ note, id, compact }: { note: { title: string; lines: readonly string[] }; id: string; compact: boolean }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={compact ? 'flex flex-col gap-2 px-4 text-sm' : 'flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm'}
      data-testid={`${id}-note`}
    >
      <h2 id={`${id}-title`} className={compact ? 'font-semibold' : 'text-base font-semibold'}>
        {note.title}
      </h2>
      {note.lines.map((line) => (
        <p key={line} className="leading-relaxed text-muted-foreground">
          {line}
        </p>
      ))}
    </section>
  );
}

/** D36: the boards of 50 and 25 squares explained. */
export function BoardSizesNote({ compact = false }: { compact?: boolean }) {
  return <RuleNote note={HOW_TO_PLAY_BOARD_SIZES} id="board-sizes" compact={compact} />;
}

/** D35 and D38: number sets and verifiable draws explained. */
export function DrawsNote({ compact = false }: { compact?: boolean }) {
  return <RuleNote note={HOW_TO_PLAY_DRAWS} id="draws" compact={compact} />;
}
