import { authApi, confirmationMailErrorMessage } from './auth';
import { useMailRequest } from './use-mail-request';

/** A new confirmation mail (issue 11): what /login and /confirm-email need to offer one. */
export function useConfirmationResend() {
  return useMailRequest((email) => authApi.sendConfirmationEmail(email), confirmationMailErrorMessage);
}
