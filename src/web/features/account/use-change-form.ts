import { useId, useState } from 'react';
import { type AccountChange, useAccountChange } from './account';
import { messageOf } from './account-rules';

/** A change form's state: its error and success lines; `send` makes the change and shows what the server said. */
export function useChangeForm() {
  const errorId = useId();
  const change = useAccountChange();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fail = (message: string) => {
    setNotice(null);
    setError(message);
  };
  /** True when the change was made. */
  async function send(request: AccountChange): Promise<boolean> {
    try {
      const result = await change.mutateAsync(request);
      setError(null);
      setNotice(result.message);
      return true;
    } catch (cause) {
      fail(messageOf(cause));
      return false;
    }
  }
  return { errorId, error, notice, fail, clear: () => setError(null), send, busy: change.isPending, fieldError: error ? errorId : null };
}

export type ChangeForm = ReturnType<typeof useChangeForm>;
