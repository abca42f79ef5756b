/** D28: who collects the money and, when the organizer does, the payment instructions and the pay-by time. */
import { ORGANIZER_TEXTS } from '@core/messages';
import { PAYMENT_METHOD_LABELS, POT_RULE, type PaymentMethod } from '@core/payment-methods';
import { ChoiceCards } from '@/components/choice-cards';
import { FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { LockedSectionProps } from './use-game-form';

const PAYMENT_METHOD_HINTS: Readonly<Record<PaymentMethod, string>> = {
  card: `Players pay on the card page when they buy. ${POT_RULE.card}`,
  organizer: `Squares are reserved at once and unpaid until you mark them paid. ${POT_RULE.organizer}`,
};

export function PaymentFields({
  form,
  paymentMethods,
  priceLocked,
  lockedNoteId,
}: Omit<LockedSectionProps, 'locks'> & {
  /** The methods this server offers; a game's own method stays on the list even when the server no longer offers it. */
  paymentMethods: readonly PaymentMethod[];
}) {
  const { id, values, errors, update, describe, fieldId, errorId } = form;
  return (
    <>
      <ChoiceCards
        legend="Who collects the money"
        labels={PAYMENT_METHOD_LABELS}
        hints={PAYMENT_METHOD_HINTS}
        name={`${id}-payment`}
        value={values.payment_method}
        options={
          priceLocked ? [values.payment_method] : paymentMethods.includes(values.payment_method) ? paymentMethods : [...paymentMethods, values.payment_method]
        }
        disabled={priceLocked}
        describedBy={priceLocked ? lockedNoteId : undefined}
        error={errors.payment_method}
        errorId={errorId('payment_method')}
        inputRef={form.fieldRef('payment_method')}
        onChange={(method) => update('payment_method', method)}
      />

      {values.payment_method === 'organizer' && (
        <div className="flex flex-col gap-6" data-testid="organizer-fields">
          <FormField
            id={fieldId('payment_instructions')}
            label="Payment instructions"
            error={errors.payment_instructions}
            errorId={errorId('payment_instructions')}
            hint={ORGANIZER_TEXTS.instructionsHint}
            hintId={`${id}-instructions-hint`}
          >
            <Textarea
              {...describe('payment_instructions', `${id}-instructions-hint`)}
              aria-required="true"
              name="payment_instructions"
              rows={3}
              placeholder="e.g. Venmo @coach-k with your squares in the note"
              value={values.payment_instructions}
              onChange={(event) => update('payment_instructions', event.target.value)}
            />
          </FormField>
          <FormField
            id={fieldId('pay_by')}
            label="Pay by (optional)"
            error={errors.pay_by}
            errorId={errorId('pay_by')}
            hint="Squares still unpaid at this time are released for others, and their players are told by e-mail."
            hintId={`${id}-pay-by-hint`}
          >
            <Input
              {...describe('pay_by', `${id}-pay-by-hint`)}
              name="pay_by"
              type="datetime-local"
              value={values.pay_by}
              onChange={(event) => update('pay_by', event.target.value)}
            />
          </FormField>
        </div>
      )}
    </>
  );
}
