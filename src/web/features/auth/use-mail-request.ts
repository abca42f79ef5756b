import { useState } from 'react';

/**
 * One request that makes the server send a mail (a confirmation, a sign-in link): whether it is
 * on its way, where the last one went, how many were sent since the last reset, and the error
 * the page shows (`errorMessage` turns a failure into the spec's words).
 */
export function useMailRequest(request: (email: string) => Promise<unknown>, errorMessage: (cause: unknown) => string) {
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sends, setSends] = useState(0);
  const [error, setError] = useState<string | null>(null);
  async function send(email: string): Promise<void> {
    if (sending) return;
    setSending(true);
    setError(null);
    try {
      await request(email);
      setSentTo(email);
      setSends((count) => count + 1);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setSending(false);
    }
  }
  function reset() {
    setSentTo(null);
    setSends(0);
    setError(null);
  }
  return { sending, sentTo, sends, error, send, reset };
}
