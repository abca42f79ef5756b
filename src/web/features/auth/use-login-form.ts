import { LOGIN_ERRORS, SUCCESS_TOASTS } from '@core/messages';
import { validateForgotPasswordEmail, validateLogin } from '@core/validation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { isApiError } from '@/lib/api';
import { useSessionActions } from '@/lib/session';
import { authApi, loginErrorMessage } from './auth';
import { firstGameLanding } from './first-game';
import { invalidFields, type LoginField } from './login-rules';
import { forgetSignedUpAddress } from './signed-up-address';
import { useSignInLink } from './sign-in-link';
import { useConfirmationResend } from './use-confirmation-resend';

/**
 * The login form's state and its two ways in: the password (the session refreshed, then where it
 * leads) and a sign-in link by e-mail (D29). `next` is where logging in leads; `initialEmail` fills
 * the address in (back from the confirmation link, design note 012).
 */
export function useLoginForm(next: string, initialEmail: string) {
  const { refresh } = useSessionActions();
  const errorId = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const passwordInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<{ message: string; fields: LoginField[] } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const justLoggedIn = useRef(false);
  // Where logging in leads once known (firstGameLanding: an empty install's organizer creates their first game).
  const landing = useRef<string | null>(null);
  // The address that was refused with "Please confirm your email" (its password was right).
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const confirmation = useConfirmationResend();
  // D29: the second way in, a link by e-mail.
  const link = useSignInLink(next);
  const [linkAskedFor, setLinkAskedFor] = useState(false);

  // "Use a different e-mail" brings the form back: continue in its e-mail field.
  useEffect(() => {
    if (linkAskedFor && link.sentTo === null) emailInput.current?.focus();
  }, [linkAskedFor, link.sentTo]);

  async function onSendLink() {
    const result = validateForgotPasswordEmail(email);
    setLinkAskedFor(true);
    setUnconfirmed(null);
    if (!result.ok) {
      setError({ message: result.message, fields: ['email'] });
      emailInput.current?.focus();
      return;
    }
    setError(null);
    await link.send(result.value);
  }

  function onJoinSubmit(event: FormEvent) {
    event.preventDefault();
    void onSendLink();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const result = validateLogin({ email, password });
    if (!result.ok) {
      setError({ message: result.message, fields: invalidFields(result.message, email, password) });
      return;
    }
    setError(null);
    setUnconfirmed(null);
    confirmation.reset();
    setSubmitting(true);
    try {
      await authApi.signIn(result.value);
      forgetSignedUpAddress();
      landing.current = await firstGameLanding(next);
      justLoggedIn.current = true;
      const signedIn = await refresh();
      if (signedIn.status !== 'signed-in') throw new Error(LOGIN_ERRORS.generic);
      toast.success(SUCCESS_TOASTS.loginSuccessful);
    } catch (cause) {
      justLoggedIn.current = false;
      const message = loginErrorMessage(cause);
      setError({ message, fields: [] });
      if (isApiError(cause) && cause.code === 'EMAIL_NOT_VERIFIED') setUnconfirmed(result.value.email);
      toast.error(message || LOGIN_ERRORS.toastFallback);
      setSubmitting(false);
    }
  }

  const fieldError = (field: LoginField) => (error?.fields.includes(field) ? errorId : null);

  return {
    errorId,
    email,
    setEmail,
    password,
    setPassword,
    emailInput,
    passwordInput,
    error,
    fieldError,
    submitting,
    justLoggedIn,
    landing,
    unconfirmed,
    confirmation,
    link,
    linkAskedFor,
    onSendLink,
    onJoinSubmit,
    onSubmit,
  };
}
