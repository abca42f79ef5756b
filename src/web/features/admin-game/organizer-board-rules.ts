/**
 * The words and sums of the organizer's board tools (D32), without React: what a selection holds
 * (free, sold, unpaid, paid), the summary under the grid, what each square says to a screen
 * reader, which squares an action touches, and the Assign dialog's check.
 */
import type { BoardSquare } from '@core/api/board';
import { type Coordinate, squareKey } from '@core/grid';
import { ORGANIZER_TEXTS } from '@core/messages';
import { type CellPerson, cellPerson, personLabel } from '@core/person';
import type { ValidationResult } from '@core/validation-result';
import { isApiError, isServerMessage } from '@/lib/api';
import type { SquaresAction } from './organizer';
import { countOf } from '@core/text';

/** The server's own words for a refused tool, else the catalogue's. */
export const messageOf = (error: unknown) => (isApiError(error) && isServerMessage(error) && error.message ? error.message : ORGANIZER_TEXTS.toolFailed);

/** "1 square", "3 squares". */

const ownerFacts = (square: BoardSquare) => ({ name: square.owner_username, noAccount: square.owner_no_account, email: square.owner_email });

/** The owner as every page says them ("Aunt May (no account)"). */
export const ownerName = (square: BoardSquare) => personLabel(ownerFacts(square));

/** D48: on a cell, the name and a mark for "no account", not the words. */
export const cellOwner = (square: BoardSquare): CellPerson | null => cellPerson(ownerFacts(square), ownerName(square));

/** The squares of the board by position (squareKey): the taken ones; a free square has none. */
export function squaresByKey(squares: readonly BoardSquare[]): ReadonlyMap<string, BoardSquare> {
  const map = new Map<string, BoardSquare>();
  for (const square of squares) map.set(squareKey(square), square);
  return map;
}

/** What the selection holds: squares sold (claimed; held in a checkout is neither), free ones, and the sold ones unpaid or paid. */
export interface SelectionParts {
  readonly chosen: readonly Coordinate[];
  readonly sold: readonly BoardSquare[];
  readonly free: readonly Coordinate[];
  readonly unpaid: readonly BoardSquare[];
  readonly paid: readonly BoardSquare[];
}

export function selectionParts(chosen: readonly Coordinate[], squares: ReadonlyMap<string, BoardSquare>): SelectionParts {
  const sold = chosen.flatMap((c) => {
    const square = squares.get(squareKey(c));
    return square?.status === 'claimed' ? [square] : [];
  });
  const free = chosen.filter((c) => !squares.has(squareKey(c)));
  return { chosen, sold, free, unpaid: sold.filter((s) => s.unpaid), paid: sold.filter((s) => !s.unpaid) };
}

/** The line under the grid: "5 squares selected · 2 free · 3 sold · 1 unpaid". */
export function selectionSummary({ chosen, free, sold, unpaid }: SelectionParts): string {
  if (chosen.length === 0) return 'No squares selected.';
  return [
    `${countOf(chosen.length, 'square')} selected`,
    free.length > 0 && `${free.length} free`,
    sold.length > 0 && `${sold.length} sold`,
    unpaid.length > 0 && `${unpaid.length} unpaid`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A cell's state for screen readers: free, in a checkout, or its owner and whether they paid. */
export function cellState(owned: BoardSquare | undefined): string {
  if (!owned) return 'free';
  if (owned.status === 'held') return 'in a checkout';
  return `${ownerName(owned)}${owned.unpaid ? ', unpaid' : ', paid'}`;
}

/** The sold squares an action changes: Mark paid the unpaid ones, Mark unpaid the paid ones, Release all of them. */
export function actionTargets(kind: SquaresAction, parts: SelectionParts): readonly BoardSquare[] {
  return kind === 'mark-paid' ? parts.unpaid : kind === 'mark-unpaid' ? parts.paid : parts.sold;
}

/** The toast after an action: "Marked paid: 3 squares". */
export function actionDoneText(kind: SquaresAction, changed: number): string {
  const done = kind === 'mark-paid' ? ORGANIZER_TEXTS.markedPaid : kind === 'mark-unpaid' ? ORGANIZER_TEXTS.markedUnpaid : 'Released';
  return `${done}: ${countOf(changed, 'square')}`;
}

/** The Release question's description: who is told, and what happens to money already paid. */
export function releaseDescription(sold: number, paid: number): string {
  return [
    'They become available to everyone, and their owners are told by e-mail.',
    paid > 0 &&
      `${countOf(paid, 'square')} of them ${paid === 1 ? 'is' : 'are'} paid: a card payment is refunded to the card; money paid to you directly, you hand back yourself.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Whom the Assign dialog puts on the squares: an account, or a person without one (D29). */
export type AssignTo = { account: string } | { name: string; email: string | null };

/** The Assign dialog's answer, or the message that says what is missing. */
export function assignTo(kind: 'person' | 'account', fields: { name: string; email: string; account: string }): ValidationResult<AssignTo> {
  if (kind === 'person' && fields.name.trim() === '') return { ok: false, message: "Enter the person's name (up to 40 characters)." };
  if (kind === 'account' && fields.account.trim() === '') return { ok: false, message: 'Enter a username or e-mail address.' };
  return { ok: true, value: kind === 'account' ? { account: fields.account } : { name: fields.name, email: fields.email.trim() === '' ? null : fields.email } };
}
