import type { MailPreferencesResponse, UnsubscribeResponse } from '@core/api/mail-preferences';
import { isOptOutKind, OPT_OUT_KINDS, optOutLabel, UNSUBSCRIBE_TEXTS, type OptOutKind } from '@core/mail-kinds';
import { badRequest, notFound } from '../http/errors';
import type { Logger } from '../logger';
import type { ServiceDeps } from '../service-deps';
import type { MailPreferencesRepository } from './mail-preferences.repository';
import type { UnsubscribeSigner } from './unsubscribe';

export interface MailPreferencesServiceDeps extends ServiceDeps {
  repo: MailPreferencesRepository;
  signer: UnsubscribeSigner;
  log: Logger;
}

/**
 * D40/D41 mail choices (docs/decisions/037): an account's opt-out kinds, changed from the account
 * page (signed in) or by a mail's signed one-click link (no login).
 */
export function mailPreferencesService({ repo, signer, log, clock }: MailPreferencesServiceDeps) {
  async function choicesOf(userId: string): Promise<MailPreferencesResponse> {
    const off = new Set<string>(await repo.turnedOff(userId));
    return { kinds: OPT_OUT_KINDS.map(({ kind, label }) => ({ kind, label, on: !off.has(kind) })) };
  }

  /** The account and kind of a signed link, or a 400 that says what to do. */
  async function linkOf(token: string): Promise<{ userId: string; kind: OptOutKind }> {
    const link = signer.verify(token);
    if (!link || !isOptOutKind(link.kind)) throw badRequest(UNSUBSCRIBE_TEXTS.badLink, 'BAD_UNSUBSCRIBE_LINK');
    if (!(await repo.accountExists(link.userId))) throw notFound(UNSUBSCRIBE_TEXTS.noAccount, 'BAD_UNSUBSCRIBE_LINK');
    return link;
  }

  return {
    choicesOf,

    /** The account page's checkbox: the kind on or off; the choices as they are now. */
    async set(userId: string, kind: OptOutKind, on: boolean): Promise<MailPreferencesResponse> {
      await repo.set(userId, kind, on, clock().toISOString());
      log.info({ event: on ? 'mail-kind-on' : 'mail-kind-off', kind, userId }, 'account: mail choice saved');
      return choicesOf(userId);
    },

    /** A mail's one-click unsubscribe (on: false), or the unsubscribe page's undo (on: true). */
    async setByLink(token: string, on: boolean): Promise<UnsubscribeResponse> {
      const { userId, kind } = await linkOf(token);
      await repo.set(userId, kind, on, clock().toISOString());
      log.info({ event: on ? 'mail-kind-on' : 'mail-kind-off', kind, userId, by: 'link' }, 'account: mail choice saved');
      const label = optOutLabel(kind);
      return { kind, label, on, message: on ? UNSUBSCRIBE_TEXTS.resubscribed(label) : UNSUBSCRIBE_TEXTS.done(label) };
    },
  };
}

export type MailPreferencesService = ReturnType<typeof mailPreferencesService>;
