import { checkPasswordRules, passwordStrengthMessage } from '@core/validation';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Live password feedback (spec section 5): each rule's message with whether it is met, and the
 * first unmet rule (or "Password is strong") announced politely.
 */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const rules = checkPasswordRules(password);
  const strong = rules.every((rule) => rule.met);
  return (
    <div id={id} className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3 text-xs" data-testid="password-strength">
      <ul className="flex flex-col gap-1" aria-label="Password rules">
        {rules.map((rule) => (
          <li key={rule.id} data-met={rule.met} className={cn('flex items-start gap-2', rule.met ? 'text-success' : 'text-muted-foreground')}>
            {rule.met ? <Check aria-hidden="true" className="mt-px size-3.5 shrink-0" /> : <X aria-hidden="true" className="mt-px size-3.5 shrink-0" />}
            <span>
              {rule.message}
              <span className="sr-only">{rule.met ? ' (met)' : ' (not met)'}</span>
            </span>
          </li>
        ))}
      </ul>
      <p aria-live="polite" data-testid="password-strength-status" className={cn('font-medium empty:hidden', strong ? 'text-success' : 'text-foreground')}>
        {password === '' ? '' : passwordStrengthMessage(password)}
      </p>
    </div>
  );
}
