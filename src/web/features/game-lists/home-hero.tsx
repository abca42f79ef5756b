import { PRODUCT_NAME } from '@/lib/config';
import { cn } from '@/lib/utils';

/** The hero: short for visitors (the games stay within the first phone screen), a slim band for players. */
export function Hero({ slim }: { slim: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-field text-field-foreground" data-testid="hero">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[repeating-linear-gradient(90deg,transparent_0,transparent_calc(10%-1px),var(--field-line)_calc(10%-1px),var(--field-line)_10%)]"
      />
      <div
        className={cn(
          'relative mx-auto flex max-w-5xl flex-col items-start px-4 sm:flex-row sm:items-center sm:justify-between md:px-6',
          slim ? 'gap-1 py-4 sm:py-6' : 'gap-6 py-6 sm:py-12 md:py-16',
        )}
      >
        <div className={cn('flex max-w-xl flex-col', slim ? 'gap-1' : 'gap-2 sm:gap-3')}>
          <h1 id="hero-title" className={cn('font-bold tracking-tight', slim ? 'text-2xl sm:text-3xl' : 'text-3xl sm:text-5xl')}>
            {PRODUCT_NAME}
          </h1>
          <p className={cn('text-field-foreground/90', slim ? 'hidden text-sm sm:block' : 'text-base sm:text-lg')}>
            Claim squares on a 10x10 board and let the last digit of each team&apos;s score pick a winner every quarter.
          </p>
        </div>
        {!slim && <MiniBoard />}
      </div>
    </section>
  );
}

/** A decorative board: a few taken squares and one winner. */
function MiniBoard() {
  const taken = new Set([3, 8, 12, 17, 25, 31, 36, 44, 49, 52, 58, 63, 67, 71, 76, 84, 88, 90, 95, 99]);
  const winner = 47;
  return (
    <div aria-hidden="true" className="hidden shrink-0 grid-cols-10 gap-0.5 rounded-lg bg-white/10 p-2 sm:grid">
      {Array.from({ length: 100 }, (_, index) => (
        <div
          key={index}
          className={
            index === winner
              ? 'size-4 rounded-[3px] bg-amber-300 md:size-5'
              : taken.has(index)
                ? 'size-4 rounded-[3px] bg-white/70 md:size-5'
                : 'size-4 rounded-[3px] bg-white/15 md:size-5'
          }
        />
      ))}
    </div>
  );
}
