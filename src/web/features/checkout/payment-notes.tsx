/** Notes typed on /payment, stored with the order (D21); the server takes at most NOTES_MAX_LENGTH. */
import { NOTES_MAX_LENGTH } from '@core/validation';
import { useId } from 'react';
import { FieldHint, FieldLabel, fieldAria } from '@/components/form-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';

export function PaymentNotes({ value, onChange }: { value: string; onChange: (notes: string) => void }) {
  const notesId = useId();
  const countId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FieldLabel htmlFor={notesId} className="text-base font-semibold">
            Notes <span className="font-normal text-muted-foreground">(optional)</span>
          </FieldLabel>
        </CardTitle>
        <CardDescription>Anything the organizer should know about this order.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-1.5">
        <Textarea
          id={notesId}
          name="notes"
          value={value}
          maxLength={NOTES_MAX_LENGTH}
          rows={3}
          {...fieldAria(null, countId)}
          onChange={(event) => onChange(event.target.value.slice(0, NOTES_MAX_LENGTH))}
        />
        <FieldHint id={countId} className="self-end tabular-nums">
          {value.length}/{NOTES_MAX_LENGTH} characters
        </FieldHint>
      </CardContent>
    </Card>
  );
}
