/**
 * Game day from the web app (spec "Game Day Controls screen", /my-winnings; D18-D20, D23): the
 * queries and mutations of the contract in src/core/api/game-day.ts. Every mutation puts the view it
 * answers into the cache and refreshes the game-day view, the boards and the games lists (the
 * board, the cards and the admin lists all show what game day changed) and the winnings.
 */
import type { Period } from '@core/periods';
import type { ConfirmAllResult, GameDayView, MyWinningsResponse, PeriodResult } from '@core/api/game-day';
import { scoreCorrectionBlock } from '@core/status';
import { type QueryClient, useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { boardKeys } from '@/features/board/board-data';
import { gameKeys } from '@/lib/games';

export type { ConfirmAllResult, GameDayView, MyWinningsResponse, PeriodResult };

/**
 * The game-day view sits under the game's board key, so the board's live stream (a `change`
 * event re-reads `boardKeys.game(id)`) refreshes it too: squares sold meanwhile, another
 * organizer's changes.
 */
const gameDayKeys = {
  view: (gameId: string) => [...boardKeys.game(gameId), 'game-day'] as const,
  myWinnings: ['me', 'winnings'] as const,
};

/** Game day's routes are admin-only, so under /api/admin/ (design note 032). */
const base = (gameId: string) => `/api/admin/games/${encodeURIComponent(gameId)}`;

function fetchGameDay(gameId: string, signal?: AbortSignal): Promise<GameDayView> {
  return api.get<GameDayView>(`${base(gameId)}/game-day`, signal);
}

/** GET /api/admin/games/:id/game-day (admins only). */
export function useGameDay(gameId: string | undefined) {
  return useQuery({
    queryKey: gameDayKeys.view(gameId ?? ''),
    queryFn: ({ signal }) => fetchGameDay(gameId as string, signal),
    enabled: Boolean(gameId),
    // Admin data changes under the organizer's hands: never serve an old copy on a revisit.
    staleTime: 0,
    // D38: while a set waits for its beacon round, its failed attempts are not announced to the
    // boards (players need not hear them): the admin's view asks again every few seconds.
    refetchInterval: (query) => (query.state.data?.digit_sets.some((set) => set.drawn_at === null) ? 5000 : false),
  });
}

/** GET /api/me/winnings (signed in). */
export function useMyWinnings() {
  return useQuery({
    queryKey: gameDayKeys.myWinnings,
    queryFn: ({ signal }) => api.get<MyWinningsResponse>('/api/me/winnings', signal),
    staleTime: 0,
  });
}

/** The score pair as the API takes it. */
export interface ScorePair {
  team_a_score: number;
  team_b_score: number;
}

async function refreshAfter(queryClient: QueryClient, gameId: string, view: GameDayView | undefined) {
  if (view) queryClient.setQueryData(gameDayKeys.view(gameId), view);
  // Everything under "games": lists, details, boards (and so the game-day view, re-read).
  await Promise.all([queryClient.invalidateQueries({ queryKey: gameKeys.all }), queryClient.invalidateQueries({ queryKey: gameDayKeys.myWinnings })]);
}

/**
 * A mutation on one game's game day. The cache is refreshed on failure too: a 409 means the
 * screen was out of date.
 */
function useGameDayMutation<Input, Output>(
  gameId: string,
  kind: GameDayWork,
  call: (input: Input) => Promise<Output>,
  viewOf: (output: Output) => GameDayView,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: gameDayMutationKey(gameId, kind),
    mutationFn: call,
    onSuccess: (output) => refreshAfter(queryClient, gameId, viewOf(output)),
    onError: () => refreshAfter(queryClient, gameId, undefined),
  });
}

const itself = (view: GameDayView) => view;

/** What a mutation works on: the numbers, the scores (winners) or the payouts. */
export type GameDayWork = 'numbers' | 'scores' | 'payouts';

/** For useIsMutating: e.g. the "Processing period winners and payouts..." notice. */
export function gameDayMutationKey(gameId: string, kind?: GameDayWork) {
  return kind ? (['game-day', gameId, kind] as const) : (['game-day', gameId] as const);
}

/** POST numbers/randomize; 409 GRID_NOT_FULL unless `confirm_not_full` (D18). */
export function useRandomizeNumbers(gameId: string) {
  return useGameDayMutation(
    gameId,
    'numbers',
    (input: { confirm_not_full?: boolean; confirm_unpaid?: number }) => api.post<GameDayView>(`${base(gameId)}/numbers/randomize`, input),
    itself,
  );
}

/** POST /api/admin/games/:id/number-sets/:set/draw: the next number set now, before its period's confirmation (D35). */
export function useDrawNumberSet(gameId: string) {
  return useGameDayMutation(
    gameId,
    'numbers',
    (set: number) => api.post<GameDayView>(`/api/admin/games/${encodeURIComponent(gameId)}/number-sets/${set}/draw`, {}),
    itself,
  );
}

/** DELETE numbers. */
export function useClearNumbers(gameId: string) {
  return useGameDayMutation(gameId, 'numbers', () => api.delete<GameDayView>(`${base(gameId)}/numbers`), itself);
}

/** PUT numbers/visibility {revealed}. */
export function useNumbersVisibility(gameId: string) {
  return useGameDayMutation(gameId, 'numbers', (revealed: boolean) => api.put<GameDayView>(`${base(gameId)}/numbers/visibility`, { revealed }), itself);
}

/** PUT periods/:period: confirms one period, or corrects a confirmed one (D19). */
export function useConfirmPeriod(gameId: string) {
  return useGameDayMutation(
    gameId,
    'scores',
    ({ period, scores }: { period: Period; scores: ScorePair }) => api.put<GameDayView>(`${base(gameId)}/periods/${period}`, scores),
    itself,
  );
}

/** POST quarters/confirm-all: every period of the game (four quarters or two halves), in order, stopping at the first failure. */
export function useConfirmAllPeriods(gameId: string) {
  return useGameDayMutation(
    gameId,
    'scores',
    (scores: Partial<Record<Period, ScorePair>>) => api.post<ConfirmAllResult>(`${base(gameId)}/periods/confirm-all`, { scores }),
    (result) => result.view,
  );
}

/** POST periods/:period/payout/mark-paid {reference?} (D23). */
export function useMarkPaid(gameId: string) {
  return useGameDayMutation(
    gameId,
    'payouts',
    ({ period, reference }: { period: Period; reference?: string }) =>
      api.post<GameDayView>(`${base(gameId)}/periods/${period}/payout/mark-paid`, reference ? { reference } : {}),
    itself,
  );
}

/** POST share/mark-paid: D34's organizer (or charity) share, paid outside the app. */
export function useMarkSharePaid(gameId: string) {
  return useGameDayMutation(
    gameId,
    'payouts',
    (reference: string | null) => api.post<GameDayView>(`${base(gameId)}/share/mark-paid`, reference ? { reference } : {}),
    itself,
  );
}

/** POST periods/:period/payout/retry (failed payouts). */
export function useRetryPayout(gameId: string) {
  return useGameDayMutation(gameId, 'payouts', (period: Period) => api.post<GameDayView>(`${base(gameId)}/periods/${period}/payout/retry`), itself);
}

/**
 * The errors of this game's game-day mutations that are still on record, so a page can notice
 * a lost session (401) or lost admin rights (403) from any of its buttons.
 */
export function useGameDayMutationErrors(gameId: string): unknown[] {
  return useMutationState({
    filters: { mutationKey: gameDayMutationKey(gameId), status: 'error' },
    select: (mutation) => mutation.state.error,
  });
}

// --- Pure helpers of the screen --------------------------------------------------------------

/** D19 (core's scoreCorrectionBlock): a confirmed period's score is final once money moved or is moving. */
export function scoreLocked(result: Pick<PeriodResult, 'payout_status' | 'winner_id' | 'payout_amount_cents'>): boolean {
  return scoreCorrectionBlock({ ...result, hasWinner: result.winner_id !== null }) !== null;
}

/** D19: the next period, or a confirmed one whose score is not locked yet. */
export function canConfirmPeriod(view: Pick<GameDayView, 'next_period' | 'results'>, period: Period): boolean {
  if (view.next_period === period) return true;
  const result = view.results.find((r) => r.period === period);
  return result !== undefined && !scoreLocked(result);
}

/** The tab remembered per game for the browser session (spec: default Score Entry). */
const GAME_DAY_TABS = ['score-entry', 'results', 'grid'] as const;
export type GameDayTab = (typeof GAME_DAY_TABS)[number];

export function gameDayTabKey(gameId: string): string {
  return `game-day-tab:${gameId}`;
}

export function readGameDayTab(storage: Pick<Storage, 'getItem'> | undefined, gameId: string): GameDayTab {
  try {
    const saved = storage?.getItem(gameDayTabKey(gameId));
    return (GAME_DAY_TABS as readonly string[]).includes(saved ?? '') ? (saved as GameDayTab) : 'score-entry';
  } catch {
    return 'score-entry';
  }
}

export function writeGameDayTab(storage: Pick<Storage, 'setItem'> | undefined, gameId: string, tab: GameDayTab): void {
  try {
    storage?.setItem(gameDayTabKey(gameId), tab);
  } catch {
    // Storage full or blocked: the tab is simply not remembered.
  }
}
