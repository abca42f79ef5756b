/**
 * Issue 23: an organizer-collects game made before payment instructions were required has none,
 * and its players read only "Ask the organizer how to pay." The admin game page and the edit
 * form say so to the organizer; the page links to the form, where the field is required.
 */
import { ORGANIZER_TEXTS } from '@core/messages';
import { paymentInstructionsMissing, type PaymentMethod } from '@core/payment-methods';
import { CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

export function InstructionsMissing({
  game,
  editLink = false,
}: {
  game: { readonly id: string; readonly payment_method: PaymentMethod; readonly payment_instructions: string | null };
  /** The admin game page links to the edit form; the form itself needs no link. */
  editLink?: boolean;
}) {
  if (!paymentInstructionsMissing(game.payment_method, game.payment_instructions)) return null;
  return (
    <Alert variant="destructive" role="status" data-testid="instructions-missing">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>No payment instructions</AlertTitle>
      <AlertDescription>
        <p>{ORGANIZER_TEXTS.instructionsMissing}</p>
        {editLink && (
          <Link to={`/admin/games/edit/${encodeURIComponent(game.id)}`} className="font-medium underline underline-offset-4">
            Add payment instructions
          </Link>
        )}
      </AlertDescription>
    </Alert>
  );
}
