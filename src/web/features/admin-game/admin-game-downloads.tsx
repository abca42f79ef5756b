import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';

const FILES = [
  ['squares', 'Squares'],
  ['orders', 'Orders'],
  ['payouts', 'Payouts'],
] as const;

/** D33: the game's CSV files for its admins (squares, orders with notes, payouts). */
export function GameDownloads({ gameId }: { gameId: string }) {
  return (
    <section aria-labelledby="game-downloads-heading" className="flex flex-col gap-3" data-testid="game-downloads">
      <div className="flex flex-col gap-1">
        <h2 id="game-downloads-heading" className="text-xl font-semibold tracking-tight">
          Downloads
        </h2>
        <p className="text-sm text-muted-foreground">CSV files for a spreadsheet: every square and its owner, every order, every payout.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {FILES.map(([kind, label]) => (
          <Button key={kind} asChild variant="outline">
            <a href={`/api/admin/games/${encodeURIComponent(gameId)}/export/${kind}.csv`} download>
              <Download aria-hidden="true" />
              {label} (CSV)
            </a>
          </Button>
        ))}
      </div>
    </section>
  );
}
