/** docs/decisions/039: the rules around changing an account's e-mail address, written once. */

/** How recent a sign-in an account without a password needs to change its address. */
export const EMAIL_CHANGE_FRESH_MINUTES = 10;

/** How long the old address's undo link works after an e-mail change. */
export const EMAIL_UNDO_DAYS = 7;
