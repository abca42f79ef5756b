import { markAsPaidLabel, squaresAmountCents } from '@core/payment-methods';
import { type FormEvent, useState } from 'react';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { type AssignTo, assignTo } from './organizer-board-rules';
import { countOf } from '@core/text';

/**
 * The Assign dialog. Its form lives inside DialogContent, which unmounts when the dialog closes
 * (Assign, Cancel, Escape, the close button or a click outside), so it opens empty every time: a
 * name or a paid tick from the last assignment never carries over to the next one. Paid is a
 * deliberate choice that names the sum (D32), unticked by default.
 */
export function AssignDialog({
  open,
  count,
  priceCents,
  pending,
  onOpenChange,
  onAssign,
}: {
  open: boolean;
  count: number;
  priceCents: number;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves to the server's message on failure, null when done. */
  onAssign: (to: AssignTo, paidCents: number | null) => Promise<string | null>;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <DialogContent data-testid="assign-dialog">
        <AssignForm count={count} priceCents={priceCents} pending={pending} onCancel={() => onOpenChange(false)} onAssign={onAssign} />
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({
  count,
  priceCents,
  pending,
  onCancel,
  onAssign,
}: {
  count: number;
  priceCents: number;
  pending: boolean;
  onCancel: () => void;
  onAssign: (to: AssignTo, paidCents: number | null) => Promise<string | null>;
}) {
  const [kind, setKind] = useState<'person' | 'account'>('person');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [account, setAccount] = useState('');
  const [paid, setPaid] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const to = assignTo(kind, { name, email, account });
    if (!to.ok) return setError(to.message);
    setError(await onAssign(to.value, paid ? squaresAmountCents(count, priceCents) : null));
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>Assign {countOf(count, 'square')}</DialogTitle>
        <DialogDescription>Put someone on the selected free squares. They may hold more than the game&apos;s cap.</DialogDescription>
      </DialogHeader>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">To whom</legend>
        {(
          [
            ['person', 'A person without an account', 'A name for the board; add their e-mail and the squares become theirs when they sign up.'],
            ['account', 'A player with an account', 'Their username or e-mail address.'],
          ] as const
        ).map(([value, label, hint]) => (
          <div
            key={value}
            className={cn(
              'relative flex items-start gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/50',
              kind === value ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
            )}
          >
            <input
              type="radio"
              id={`assign-kind-${value}`}
              name="assign-kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
              aria-describedby={`assign-kind-${value}-hint`}
              className="relative z-[1] mt-0.5 accent-primary"
            />
            <span className="flex flex-col">
              {/* The whole card is the label's click target (after:inset-0), the name is the label alone. */}
              <label htmlFor={`assign-kind-${value}`} className="cursor-pointer font-medium after:absolute after:inset-0">
                {label}
              </label>
              <span id={`assign-kind-${value}-hint`} className="text-muted-foreground">
                {hint}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      {kind === 'person' ? (
        <>
          <FormField id="assign-name" label="Name">
            <Input id="assign-name" value={name} maxLength={40} autoComplete="off" onChange={(e) => setName(e.target.value)} placeholder="Aunt May" />
          </FormField>
          <FormField id="assign-email" label="E-mail (optional)">
            <Input id="assign-email" type="email" value={email} maxLength={254} autoComplete="off" onChange={(e) => setEmail(e.target.value)} />
          </FormField>
        </>
      ) : (
        <FormField id="assign-account" label="Username or e-mail">
          <Input id="assign-account" value={account} maxLength={254} autoComplete="off" onChange={(e) => setAccount(e.target.value)} />
        </FormField>
      )}
      <div className="flex flex-col gap-1 rounded-md border p-3 text-sm">
        <label className="flex items-center gap-2 font-medium">
          <input
            type="checkbox"
            checked={paid}
            onChange={(e) => setPaid(e.target.checked)}
            aria-describedby="assign-paid-hint"
            className="accent-primary"
            data-testid="assign-paid"
          />
          {markAsPaidLabel(count, priceCents)}
        </label>
        <span id="assign-paid-hint" className="text-muted-foreground">
          Tick only if you have this money in hand. Otherwise the squares stay unpaid until you mark them paid.
        </span>
      </div>
      <p role="alert" className="text-sm text-destructive empty:hidden" data-testid="assign-error">
        {error}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner label="Assigning..." /> : 'Assign'}
        </Button>
      </DialogFooter>
    </form>
  );
}
