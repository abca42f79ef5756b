/**
 * The address this browser just signed up with, kept so that the login page the confirmation
 * link lands on (/login?confirmed=1) has it filled in (design note 012, "After the confirmation
 * link"). Only in this browser, never in a URL or a mail; for as long as the link lives.
 */
const KEY = 'squares_signed_up_address';
const KEPT_MS = 60 * 60 * 1000; // the confirmation link's lifetime (emailVerification.expiresIn)

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (private modes, policies): nothing is filled in
  }
}

export function rememberSignedUpAddress(email: string, now = Date.now()): void {
  try {
    store()?.setItem(KEY, JSON.stringify({ email, at: now }));
  } catch {
    // a full or refused store only means typing the address again
  }
}

/** The address, if this browser signed up within the link's lifetime. */
export function signedUpAddress(now = Date.now()): string | null {
  try {
    const saved = JSON.parse(store()?.getItem(KEY) ?? 'null') as { email?: unknown; at?: unknown } | null;
    if (!saved || typeof saved.email !== 'string' || typeof saved.at !== 'number' || now - saved.at > KEPT_MS || saved.at > now) return null;
    return saved.email;
  } catch {
    return null;
  }
}

export function forgetSignedUpAddress(): void {
  try {
    store()?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}
