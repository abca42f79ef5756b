import { createContext, useContext } from 'react';

/** The signed-in person as the web app needs it (spec section 3 "User"). */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  /** A hint for the UI only: the server decides admin rights on every request (DECISIONS D8). */
  isAdmin: boolean;
}

export type Session =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; user: SessionUser };

export const SIGNED_OUT: Session = { status: 'signed-out' };

/**
 * Where the current session comes from. The auth issue mounts a provider with the real session;
 * until then everybody is a visitor.
 */
export const SessionContext = createContext<Session>(SIGNED_OUT);

export function useSession(): Session {
  return useContext(SessionContext);
}

export function isSignedIn(session: Session): session is Extract<Session, { status: 'signed-in' }> {
  return session.status === 'signed-in';
}

export function isAdmin(session: Session): boolean {
  return session.status === 'signed-in' && session.user.isAdmin;
}

/** Spec "Layout": the part of the e-mail before the at-sign, or "User". */
export function displayName(user: Pick<SessionUser, 'email'>): string {
  const local = user.email.split('@')[0]?.trim();
  return local ? local : 'User';
}

/** The top bar's welcome line. */
export function welcomeText(session: Session, productName: string): string {
  return session.status === 'signed-in' ? `Welcome, ${displayName(session.user)}` : `Welcome to ${productName}`;
}
