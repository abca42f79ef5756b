/**
 * A game's state in one word (D45): players read D16's badge (Active, Sold Out, In Progress, Closed) on
 * every page; admins read one phase word per state (Active, Ready to Shuffle, In Progress,
 * Completed) on every admin page. The words live in core/status.ts; the colours here, once.
 */
import { type AdminPhase, adminPhase, type GameCardBadge, gameCardBadge, type GameState } from '@core/status';
import { Badge, type BadgeProps } from '@/components/ui/badge';

const PLAYER_VARIANTS: Record<GameCardBadge, BadgeProps['variant']> = {
  Active: 'success',
  'Sold Out': 'default',
  'In Progress': 'warning',
  Closed: 'secondary',
};

const ADMIN_VARIANTS: Record<AdminPhase, BadgeProps['variant']> = {
  Active: 'success',
  'Ready to Shuffle': 'default',
  'In Progress': 'warning',
  Completed: 'secondary',
};

type BadgeGame = Pick<GameState, 'is_active' | 'grid_shuffled' | 'squares_claimed' | 'board_size'>;

/** The players' word (D16), or with `admin` the admins' phase word (D45). */
export function GameStatusBadge({ game, admin = false, ...props }: { game: BadgeGame; admin?: boolean } & Omit<BadgeProps, 'variant' | 'children'>) {
  if (admin) {
    const phase = adminPhase(game);
    return (
      <Badge variant={ADMIN_VARIANTS[phase]} data-testid="admin-status" {...props}>
        {phase}
      </Badge>
    );
  }
  const badge = gameCardBadge(game, new Date());
  return (
    <Badge variant={PLAYER_VARIANTS[badge]} data-testid="game-badge" {...props}>
      {badge}
    </Badge>
  );
}
