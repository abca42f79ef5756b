import { useState } from 'react';
import { authApi, confirmationMailErrorMessage } from './auth';

/** A new confirmation mail (issue 11): what /login and /confirm-email need to offer one. */
export function useConfirmationResend() {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function send(email: string): Promise<void> {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await authApi.sendConfirmationEmail(email);
      setSentTo(email);
    } catch (cause) {
      setError(confirmationMailErrorMessage(cause));
    } finally {
      setSending(false);
    }
  }
  function reset() {
    setSentTo(null);
    setError(null);
  }
  return { sending, sentTo, error, send, reset };
}
