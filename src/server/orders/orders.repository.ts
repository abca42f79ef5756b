import type { Executor } from '../db/executor';
import { person } from '../db/shared-queries';

/** D48: the buyer as every answer shows them. */
const buyer = person();

/** One square of an order in a game, with its checkout and buyer. */
export interface OrderItemRow {
  checkout_id: string;
  status: string;
  provider: string;
  notes: string | null;
  created_at: string;
  buyer_username: string | null;
  buyer_no_account: boolean;
  buyer_email: string | null;
  x: number;
  y: number;
  price_cents: number;
}

/** Reads of a game's orders (D33): checkouts through their items in the game. */
export function ordersRepository(db: Executor) {
  return {
    async gameExists(gameId: string): Promise<boolean> {
      return (await db.selectFrom('games').select('id').where('id', '=', gameId).executeTakeFirst()) !== undefined;
    },

    /**
     * Every item in `gameId` of a paid, refunded (or refund pending) checkout, or of an open one
     * whose holds are still live at `now`; newest checkout first, then (x, y).
     */
    items(gameId: string, now: string): Promise<OrderItemRow[]> {
      return db
        .selectFrom('checkout_items')
        .innerJoin('checkouts', 'checkouts.id', 'checkout_items.checkout_id')
        .leftJoin('user', 'user.id', 'checkouts.user_id')
        .select([
          'checkouts.id as checkout_id',
          'checkouts.status',
          'checkouts.provider',
          'checkouts.notes',
          'checkouts.created_at',
          buyer.name.as('buyer_username'),
          buyer.noAccount.as('buyer_no_account'),
          buyer.email.as('buyer_email'),
          'checkout_items.x',
          'checkout_items.y',
          'checkout_items.price_cents',
        ])
        .where('checkout_items.game_id', '=', gameId)
        .where((eb) =>
          eb.or([
            eb('checkouts.status', 'in', ['fulfilled', 'refunded', 'refund_pending']),
            eb.and([eb('checkouts.status', '=', 'open'), eb('checkouts.hold_until', '>', now)]),
          ]),
        )
        .orderBy('checkouts.created_at', 'desc')
        .orderBy('checkouts.id')
        .orderBy('checkout_items.x')
        .orderBy('checkout_items.y')
        .execute();
    },

    /** The game's owned squares that came from a checkout (moved ones included), with their paid state (D28). */
    ownedFromCheckouts(gameId: string): Promise<{ checkout_id: string; is_paid: boolean }[]> {
      return db
        .selectFrom('squares')
        .select(['checkout_id', 'is_paid'])
        .where('game_id', '=', gameId)
        .where('status', '=', 'claimed')
        .where('checkout_id', 'is not', null)
        .$narrowType<{ checkout_id: string }>()
        .execute();
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
