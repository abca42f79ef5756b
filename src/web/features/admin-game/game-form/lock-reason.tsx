import { Lock } from 'lucide-react';

/** D49: a locked control's one-line reason, with the lock icon. */
export function LockReason({ text, testId }: { text: string; testId?: string }) {
  return (
    <span className="inline-flex items-start gap-1.5" data-testid={testId}>
      <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {text}
    </span>
  );
}
