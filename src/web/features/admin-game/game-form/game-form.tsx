/** The create and edit game form (spec section 5 "Game form"; D12, D13): its sections, the server's refusal and the buttons. */
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { gameFormLocks } from '@core/game-locks';
import { rulesSummary } from '@core/game-rules-summary';
import { PAYMENT_METHODS, type PaymentMethod } from '@core/payment-methods';
import { CUSTOM_PAYOUT } from '@core/payout-plan';
import type { GameFormValues } from '@core/schemas';
import { LinkButton } from '@/components/link-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { BasicsFields } from './basics-fields';
import { firstInvalidField, type GameFormState, RULES_FIELDS, summaryChoice } from './game-form-state';
import { PaymentFields } from './payment-fields';
import { RulesFields, RulesSection } from './rules-section';
import { useGameForm } from './use-game-form';

export interface GameFormProps {
  initial: GameFormState;
  /** Labels of the submit button: idle and busy ("Create Game" / "Creating..."). */
  submitLabel: string;
  submittingLabel: string;
  /** True while the request runs (and until the page moves on after success). */
  submitting: boolean;
  /** D13: price and payout schedule (and D28: the payment method; D36: the board size) are fixed once any square is held or sold. */
  priceLocked?: boolean;
  /** D35: the number sets are chosen at creation and cannot change afterwards. */
  numberSetsFixed?: boolean;
  /** D39: sales closed at kickoff: the kickoff and the draw choice are fixed. */
  kickoffLocked?: boolean;
  /** D28: the payment methods this server offers (without Stripe, organizer-collects only). */
  paymentMethods?: readonly PaymentMethod[];
  /** The server's refusal, shown as a banner above the form's fields. */
  serverError?: string | null;
  cancelTo: string;
  /** The rules behind a disclosure with a one-line summary (the create form: what every pool needs comes first). */
  rulesFolded?: boolean;
  onSubmit: (values: GameFormValues) => void;
}

export function GameForm({
  initial,
  submitLabel,
  submittingLabel,
  submitting,
  priceLocked = false,
  numberSetsFixed = false,
  kickoffLocked = false,
  paymentMethods = PAYMENT_METHODS,
  serverError,
  cancelTo,
  rulesFolded = false,
  onSubmit,
}: GameFormProps) {
  const form = useGameForm(initial);
  const { id, values } = form;
  const [rulesOpen, setRulesOpen] = useState(false);
  const lockedNoteId = `${id}-locked`;
  const locks = gameFormLocks({
    squaresHeld: priceLocked,
    salesClosed: kickoffLocked,
    numberSetsFixed,
    customShares: values.payout_schedule === CUSTOM_PAYOUT,
    kickoffSet: values.kickoff_at.trim() !== '',
  });
  const serverErrorId = `${id}-server-error`;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const result = form.check();
    if (!result.ok) {
      const first = firstInvalidField(result.errors);
      // A message inside the folded rules opens them, so the field it names can take the focus.
      if (first && rulesFolded && !rulesOpen && RULES_FIELDS.includes(first)) flushSync(() => setRulesOpen(true));
      if (first) form.focus(first);
      return;
    }
    onSubmit(result.value);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-6" aria-describedby={serverError ? serverErrorId : undefined}>
      {serverError && (
        <Alert variant="destructive" id={serverErrorId} data-testid="form-error">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            <p>{serverError}</p>
          </AlertDescription>
        </Alert>
      )}

      <BasicsFields form={form} locks={locks} priceLocked={priceLocked} lockedNoteId={lockedNoteId} />

      <PaymentFields form={form} paymentMethods={paymentMethods} priceLocked={priceLocked} lockedNoteId={lockedNoteId} />

      <RulesSection id={`${id}-rules`} folded={rulesFolded} open={rulesOpen} onOpenChange={setRulesOpen} summary={rulesSummary(summaryChoice(values))}>
        <RulesFields form={form} locks={locks} priceLocked={priceLocked} lockedNoteId={lockedNoteId} />
      </RulesSection>

      <div className="flex flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">
        <LinkButton variant="outline" to={cancelTo}>
          Cancel
        </LinkButton>
        <Button type="submit" disabled={submitting}>
          {submitting && <Spinner aria-hidden="true" />}
          {submitting ? submittingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
