/** The line above the board telling the viewer what they can do with it (D11, D18, D39, D43). */
export type BoardNoticeKind =
  /** D11: a visitor reads the board; logging in lets them pick. */
  | 'visitor'
  /** Why squares cannot be bought (drawn, closed at kickoff, completed); not on game day, where the score comes first. */
  | 'sales-closed'
  /** Every square is sold. */
  | 'sold-out'
  /** How picking works. */
  | 'pick-hint';

export function boardNoticeKind({
  signedIn,
  open,
  soldOut,
  gameDay,
}: {
  signedIn: boolean;
  open: boolean;
  soldOut: boolean;
  gameDay: boolean;
}): BoardNoticeKind | null {
  if (!signedIn) return 'visitor';
  if (!open) return gameDay ? null : 'sales-closed';
  return soldOut ? 'sold-out' : 'pick-hint';
}
