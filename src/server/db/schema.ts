import type { ActivityAction } from '@core/activity';
import type { Generated } from 'kysely';

/**
 * Table types of our own tables (Better Auth's tables `user`, `session`, `account`,
 * `verification` are created and typed by Better Auth). Money is integer cents (D4);
 * timestamps are ISO-8601 strings on both databases (see NormalizePlugin); booleans are
 * true/false on both.
 */
export interface Database {
  /** Better Auth's table; we read it and keep `isAdmin` (D8). */
  user: UserTable;
  /**
   * Better Auth's ways into an account (`account`: a password, a link) and its sessions; we only
   * remove an account's rows when named people are adopted into it (D29, design note 021).
   */
  account: AuthAccountTable;
  session: SessionTable;
  games: GamesTable;
  squares: SquaresTable;
  checkouts: CheckoutsTable;
  checkout_items: CheckoutItemsTable;
  game_grid_numbers: GameGridNumbersTable;
  grid_draws: GridDrawsTable;
  digit_sets: DigitSetsTable;
  period_scores: PeriodScoresTable;
  game_winners: GameWinnersTable;
  mail_queue: MailQueueTable;
  dev_mailbox: DevMailboxTable;
  payment_refunds: PaymentRefundsTable;
  test_payment_sessions: TestPaymentSessionsTable;
  test_payment_refunds: TestPaymentRefundsTable;
  named_people: NamedPeopleTable;
  game_activity: GameActivityTable;
  game_members: GameMembersTable;
  sign_in_tickets: SignInTicketsTable;
  deleted_games: DeletedGamesTable;
  deleted_game_owners: DeletedGameOwnersTable;
  mail_preferences: MailPreferencesTable;
  pay_by_reminders: PayByRemindersTable;
  announcements: AnnouncementsTable;
  announcement_mailings: AnnouncementMailingsTable;
  email_change_undo: EmailChangeUndoTable;
  app_meta: AppMetaTable;
  share_payments: SharePaymentsTable;
}

/** Migration 027: each Mark Paid of a game's organizer (or charity) share (D23, D34). */
interface SharePaymentsTable {
  id: string;
  game_id: string;
  amount_cents: number;
  reference: string | null;
  paid_by: string | null;
  paid_at: string;
}

/** Migration 025 (docs/decisions/039): the old address's undo link after an e-mail change. */
interface EmailChangeUndoTable {
  id: string;
  user_id: string;
  old_email: string;
  new_email: string;
  /** SHA-256 (base64url) of the link's secret. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Migration 025: facts about the install, by key (`admin_ever_existed`, D8). */
interface AppMetaTable {
  key: string;
  value: string;
}

/** D41 (migration 023): an opt-out mail kind an account turned off. */
interface MailPreferencesTable {
  user_id: string;
  kind: string;
  unsubscribed_at: string;
}

/** D40 (migration 023): the pay-by reminder a player got for a game (one per player and game). */
interface PayByRemindersTable {
  game_id: string;
  user_id: string;
  pay_by: string;
  sent_at: string;
}

interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  username: string | null;
  displayUsername: string | null;
  isAdmin: boolean;
  createdAt: string;
  updatedAt: string;
  /** D41 (migration 020): when the account was deleted; its row stays for the squares it bought. */
  deleted_at: Generated<string | null>;
}

/** The columns of Better Auth's `account` and `session` we use: which account a row belongs to. */
interface AccountRowsTable {
  id: string;
  userId: string;
}

/** Better Auth's `session` (we end an account's sessions after an e-mail change and its undo). */
interface SessionTable extends AccountRowsTable {
  token: string;
  createdAt: string;
}

/** Better Auth's `account`: a way into an account; 'credential' holds the password's hash (null for none). */
interface AuthAccountTable extends AccountRowsTable {
  providerId: string;
  password: string | null;
}

export interface GamesTable {
  id: string;
  title: string;
  team_a: string;
  team_b: string;
  game_type: string;
  price_per_square_cents: number;
  payout_schedule: string;
  /** D47: every sold square (reserved, paid or not) times the price; fixed once numbers are drawn (sales close). */
  total_pot_cents: Generated<number>;
  /** D47: the paid squares times the price ("collected $X of $Y"); equal to the pot in card games. */
  collected_cents: Generated<number>;
  squares_claimed: Generated<number>;
  is_active: Generated<boolean>;
  grid_shuffled: Generated<boolean>;
  numbers_revealed: Generated<boolean>;
  manual_numbers_set: Generated<boolean>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** D28: 'card' (D21/D22) or 'organizer' (collected outside the app); fixed once any square is held or sold. */
  payment_method: Generated<'card' | 'organizer'>;
  /** D28: how to pay the organizer (free text, up to 500 characters); organizer games only. */
  payment_instructions: string | null;
  /** D28: when still-unpaid squares are released, if set; `pay_by_released_at` marks that done (once). */
  pay_by: string | null;
  pay_by_released_at: string | null;
  /** D31: how many squares one player may hold in this game (1-100); null for no cap. */
  max_squares_per_player: number | null;
  /** D30: 'public' (listed, anyone sees the board) or 'invite' (needs the invite link, an owned square, or an admin). */
  visibility: Generated<'public' | 'invite'>;
  /** D30: the invite link's random token (base64url of 32 bytes); only admins ever see it. Null until first needed. */
  invite_token: string | null;
  /** D36: the board's rows (team A) and columns (team B): 10 x 10, 5 x 10 or 5 x 5; fixed once any square is held or sold. */
  board_rows: Generated<number>;
  board_columns: Generated<number>;
  /** D34 (migration 017): custom shares as a JSON array of whole percents per period, in playing order; null for a schedule. */
  payout_shares: string | null;
  /** D34: custom shares' organizer (or charity) percent; null for a schedule. */
  organizer_percent: number | null;
  /** D34: the name the organizer share goes by ("Organizer", a charity's name). */
  organizer_label: Generated<string>;
  /** D34: where an unbought winning square's money goes: 'house' (D24) or 'roll'. */
  unbought_rule: Generated<'house' | 'roll'>;
  /** D35: one set of numbers for the game, one per period, or a new set at halftime. */
  number_sets: Generated<'game' | 'period' | 'halftime'>;
  /** D38 commit-reveal: the secret seed (hex, 32 bytes), published with the numbers; null for beacon games. */
  draw_seed: Generated<string | null>;
  /** D38 commit-reveal: SHA-256 of the seed (hex), on the board from creation. */
  draw_seed_hash: Generated<string | null>;
  /** D38 (migration 018): the game's draws come from the drand beacon or by commit-reveal, fixed at creation. */
  draw_method: Generated<'beacon' | 'commit-reveal'>;
  /** D39 (migration 021): when the game starts; sales close then by themselves. Null: no kickoff. */
  kickoff_at: string | null;
  /** D39: the organizer's IANA time zone; the game's times are shown in it. Null for games made before it. */
  time_zone: string | null;
  /** D39: the numbers are drawn at kickoff (the organizer's choice on the form). */
  draw_at_kickoff: Generated<boolean>;
  /** D39: when the kickoff run closed sales (once across instances: claimed from null). */
  sales_closed_at: string | null;
  /** D39 score feed (migration 022): the league and event of the real game followed; null: none. */
  feed_league: string | null;
  feed_event_id: string | null;
  /** D39: the feed's day (YYYYMMDD) the event is listed on; the poller reads that day's scoreboard. */
  feed_event_day: string | null;
  /** D39: each period's score from the feed is confirmed by itself (else by one click). */
  feed_auto_confirm: Generated<boolean>;
  /** D39: team A is the feed's home team (else its away team). */
  feed_team_a_home: Generated<boolean>;
  /** D39: the last live score read (JSON LiveScore, core/score-feed.ts). */
  feed_live: string | null;
  /** D39: period scores the feed entered (JSON: period -> { team_a_score, team_b_score, entered_at }). */
  feed_entries: string | null;
  /** D39: when the poller reads the feed next (null: not polled); claimed with a conditional update. */
  feed_next_poll_at: string | null;
  feed_failures: Generated<number>;
  feed_error: string | null;
  feed_note: string | null;
}

/** A row is either a live hold (status 'held') or an owned square ('claimed'): D21. */
interface SquaresTable {
  id: string;
  game_id: string;
  x: number;
  y: number;
  user_id: string;
  status: 'held' | 'claimed';
  checkout_id: string | null;
  hold_expires_at: string | null;
  claimed_at: string | null;
  /** D28: an owned square of an organizer-collects game is unpaid until the organizer marks it paid; card sales are paid. */
  is_paid: Generated<boolean>;
}

export interface CheckoutsTable {
  id: string;
  user_id: string;
  status: string;
  provider: string;
  provider_session_id: string | null;
  amount_cents: number;
  description: string;
  notes: string | null;
  expires_at: string;
  hold_until: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  fulfilled_at: string | null;
  refunded_at: string | null;
  refund_reason: string | null;
  /** The provider's payment reference (Stripe: PaymentIntent id), needed to refund. */
  provider_payment_id: string | null;
  /** The origin the buyer used; links in mails sent later (refunds) point there (D5). */
  public_origin: string | null;
}

/**
 * A refund: of a whole checkout (D21; `game_id` null), or of one deleted game's part of it (D13,
 * issue 10). A game's part is recorded `pending` when decided and `refunded` once the provider
 * accepted it; a whole checkout's refund is recorded when done (its pending state is the
 * checkout's `refund_pending`). `refund_key` is the provider's idempotency key.
 */
export interface PaymentRefundsTable {
  id: string;
  checkout_id: string;
  game_id: string | null;
  refund_key: string;
  provider: string;
  provider_refund_id: string | null;
  status: 'pending' | 'refunded';
  amount_cents: number;
  /** What was refunded, as the buyer saw it: "Super Bowl (2 squares)". */
  description: string;
  reason: string;
  created_at: string;
  refunded_at: string | null;
}

/** The built-in test checkout's session (D22): the state Stripe would keep on its side. */
export interface TestPaymentSessionsTable {
  id: string;
  checkout_id: string;
  status: 'open' | 'paid' | 'declined' | 'cancelled' | 'expired';
  amount_cents: number;
  description: string;
  /** JSON: [{ name, unitAmountCents, quantity }]. */
  lines: string;
  customer_email: string;
  success_url: string;
  cancel_url: string;
  expires_at: string;
  payment_id: string | null;
  refund_id: string | null;
  created_at: string;
  updated_at: string;
}

/** What the built-in test checkout refunded of a payment (D22): one row per refund key. */
interface TestPaymentRefundsTable {
  id: string;
  payment_id: string;
  refund_key: string;
  amount_cents: number;
  created_at: string;
}

/** What a checkout bought, kept even after its game is deleted (D13). */
export interface CheckoutItemsTable {
  checkout_id: string;
  game_id: string;
  game_title: string;
  x: number;
  y: number;
  price_cents: number;
}

interface GameGridNumbersTable {
  game_id: string;
  /** JSON array: the digit shown on each row (team A), D14. */
  x_axis_numbers: string;
  /** JSON array: the digit shown on each column (team B), D14. */
  y_axis_numbers: string;
  generated_at: string;
  generated_by: string | null;
}

/** The draw log (D17): every draw and clear, with time and admin. */
export interface GridDrawsTable {
  id: string;
  game_id: string;
  action: 'drawn' | 'cleared';
  x_axis_numbers: string | null;
  y_axis_numbers: string | null;
  admin_user_id: string | null;
  created_at: string;
  /** D35/D38: the set drawn or cleared, and its ticket and beacon, so a Clear keeps them here. */
  set_number: Generated<number>;
  method: Generated<'beacon' | 'commit-reveal' | 'legacy' | null>;
  board_hash: Generated<string | null>;
  chain_hash: Generated<string | null>;
  round: Generated<number | null>;
  commit_hash: Generated<string | null>;
  beacon_randomness: Generated<string | null>;
  beacon_signature: Generated<string | null>;
  revealed_seed: Generated<string | null>;
}

/** D35/D38: a game's digit sets, each with its ticket and, once drawn, its digits and beacon (or seed). */
export interface DigitSetsTable {
  game_id: string;
  set_number: number;
  first_period: number;
  last_period: number;
  method: 'beacon' | 'commit-reveal' | 'legacy';
  board_hash: string | null;
  chain_hash: string | null;
  round: number | null;
  commit_hash: string | null;
  ticketed_at: string | null;
  ticketed_by: string | null;
  x_axis_numbers: string | null;
  y_axis_numbers: string | null;
  beacon_randomness: string | null;
  beacon_signature: string | null;
  revealed_seed: string | null;
  drawn_at: string | null;
  drawn_by: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Migration 019: when `last_error` happened; both cleared when the set is drawn. */
  last_error_at: string | null;
  /** Migration 023: when its "numbers are drawn" mails were queued (null: not yet; a redraw clears it). */
  numbers_mailed_at: Generated<string | null>;
}

export interface PeriodScoresTable {
  game_id: string;
  period: number;
  team_a_score: number;
  team_b_score: number;
  team_a_last_digit: number;
  team_b_last_digit: number;
  entered_by: string | null;
  entered_at: string;
}

export interface GameWinnersTable {
  id: string;
  game_id: string;
  period: number;
  winning_square_id: string | null;
  user_id: string | null;
  square_x: number;
  square_y: number;
  winning_numbers_x: number;
  winning_numbers_y: number;
  payout_amount_cents: number;
  payout_status: 'pending' | 'processing' | 'completed' | 'failed' | 'paid';
  /** Migration 023: when its "you won" mail was queued (null: not yet; a new winner clears it). */
  won_mailed_at: Generated<string | null>;
  payout_provider: string;
  payout_reference: string | null;
  admin_user_id: string | null;
  paid_by: string | null;
  paid_at: string | null;
  retry_count: Generated<number>;
  last_retry_at: string | null;
  failure_reason: string | null;
  /** When the payout last entered `processing` (its attempt's key; the recovery sweep's lease). */
  processing_started_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The trial's Dev Mailbox (D9): the mails a trial without SMTP delivered, for /dev/mailbox. */
export interface DevMailboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  created_at: string;
}

type MailQueueStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** D40's outbox (design note 026): every mail, written in the transaction that causes it. */
export interface MailQueueTable {
  id: string;
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  kind: string;
  status: MailQueueStatus;
  attempts: number;
  /** When it may be tried (again); while `sending`, the end of the sender's lease. */
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  /** Why the last try failed: a code and a short message, never a link or a password. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Migration 023: an opt-out kind's one-click unsubscribe link (List-Unsubscribe). */
  unsubscribe_url: string | null;
}

/** Our boolean columns, read back as true/false from SQLite's 0/1. */
export const BOOLEAN_COLUMNS: ReadonlySet<string> = new Set([
  'is_active',
  'grid_shuffled',
  'numbers_revealed',
  'manual_numbers_set',
  'emailVerified',
  'isAdmin',
  'is_paid',
  'draw_at_kickoff',
  'feed_auto_confirm',
  'feed_team_a_home',
  // D48's flag (db/shared-queries.ts `person`), under each name a query selects it as.
  'no_account',
  'owner_no_account',
  'winner_no_account',
  'buyer_no_account',
  'actor_no_account',
  'subject_no_account',
]);

/** D29: a person on squares without an account; `user_id` is their placeholder user row (migration 010). */
interface NamedPeopleTable {
  user_id: string;
  /** The address the organizer typed (lower-cased), if any; its confirmed account takes the squares. */
  email: string | null;
  created_by: string | null;
  created_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
}

/** D32: the game's activity log. */
interface GameActivityTable {
  id: string;
  game_id: string;
  created_at: string;
  seq: number;
  action: ActivityAction;
  actor_user_id: string | null;
  subject_user_id: string | null;
  /** JSON: [[x, y], ...]. */
  squares: string;
  /** JSON: ActivityDetail (src/core/activity.ts), or null. */
  detail: string | null;
}

/** D40: a game's announcements (migration 024, docs/decisions/038). */
interface AnnouncementsTable {
  id: string;
  game_id: string;
  /** As core/announcements.ts validated it (normalized, 1-500 characters, line breaks kept). */
  body: string;
  /** The admin who posted it; null once their account row is gone. */
  author_user_id: string | null;
  created_at: string;
  /** How many players it was mailed to when posted (0: not mailed). */
  mailed_count: Generated<number>;
}

/** Migration 026: an announcement that was mailed, for the hourly limit; kept when the announcement is deleted. */
interface AnnouncementMailingsTable {
  id: string;
  game_id: string;
  organizer_user_id: string;
  mailed_at: string;
}

/** D46: an account that opened a game's invite link (migration 011); `removed_at` when the organizer removed it. */
interface GameMembersTable {
  game_id: string;
  user_id: string;
  joined_at: string;
  removed_at: string | null;
}

/** D46: a sign-in link's ticket (migration 011): the address it went to and the game it joins, if any. */
interface SignInTicketsTable {
  /** SHA-256 (base64url) of the ticket. */
  id: string;
  email: string;
  game_id: string | null;
  /** SHA-256 (base64url) of the invite token the ticket was asked with. */
  invite_hash: string | null;
  created_at: string;
  expires_at: string;
}

/** Issue 23: what stays of a deleted game, for the people who owned squares in it. */
interface DeletedGamesTable {
  id: string;
  title: string;
  team_a: string;
  team_b: string;
  payment_method: 'card' | 'organizer';
  deleted_at: string;
  deleted_by: string | null;
}

interface DeletedGameOwnersTable {
  game_id: string;
  user_id: string;
  squares: number;
  paid_cents: number;
}
