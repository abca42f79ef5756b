import { describe, expect, it } from 'vitest';
import { gameFormSchema, gameUpdateSchema } from './schemas';
import { INVITE_ERRORS } from './messages';
import { gameVisible, inviteLink, printedLink } from './visibility';

describe('who can see a game (D30)', () => {
  const never = () => Promise.reject(new Error('asked whether the viewer owns squares'));
  const none = { membership: () => Promise.resolve(null) };
  const yes = () => Promise.resolve(true);
  const no = () => Promise.resolve(false);

  it('shows a public game to everyone without asking anything', async () => {
    expect(await gameVisible('public', { isAdmin: never, hasCurrentInvite: false, membership: never, ownsSquares: never })).toBe(true);
  });

  it('shows an invite-only game to admins, to the current invite, and to owners; asks about squares last', async () => {
    expect(await gameVisible('invite', { isAdmin: yes, hasCurrentInvite: false, ...none, ownsSquares: never })).toBe(true);
    expect(await gameVisible('invite', { isAdmin: no, hasCurrentInvite: true, ...none, ownsSquares: never })).toBe(true);
    expect(await gameVisible('invite', { isAdmin: no, hasCurrentInvite: false, ...none, ownsSquares: () => Promise.resolve(true) })).toBe(true);
    expect(await gameVisible('invite', { isAdmin: no, hasCurrentInvite: false, ...none, ownsSquares: () => Promise.resolve(false) })).toBe(false);
  });

  it('D46: shows an invite-only game to a member from any browser; a removed account loses the link but keeps what it owns', async () => {
    const member = { membership: () => Promise.resolve('member' as const) };
    const removed = { membership: () => Promise.resolve('removed' as const) };
    expect(await gameVisible('invite', { isAdmin: no, hasCurrentInvite: false, ...member, ownsSquares: never })).toBe(true);
    expect(await gameVisible('invite', { isAdmin: no, hasCurrentInvite: true, ...removed, ownsSquares: () => Promise.resolve(false) })).toBe(false);
    expect(await gameVisible('invite', { isAdmin: no, hasCurrentInvite: false, ...removed, ownsSquares: () => Promise.resolve(true) })).toBe(true);
  });

  it("D42: the printed board's link is the invite link for an admin only, else the plain link", () => {
    const inviteOnly = { id: 'g-1', visibility: 'invite' as const, invite_token: 'tok' };
    expect(printedLink('https://pool.example', inviteOnly, true)).toBe('https://pool.example/game/g-1?invite=tok');
    expect(printedLink('https://pool.example', inviteOnly, false)).toBe('https://pool.example/game/g-1');
    expect(printedLink('https://pool.example', { id: 'g 2', visibility: 'public', invite_token: null }, true)).toBe('https://pool.example/game/g%202');
  });

  it('makes the link on the given origin', () => {
    expect(inviteLink('https://pool.example', 'g-1', 'ab_c-D')).toBe('https://pool.example/game/g-1?invite=ab_c-D');
  });

  it('takes public or invite on the form (public when left out), and nothing else', () => {
    const form = { title: 'Bowl', team_a: 'A', team_b: 'B', price_per_square: 10 };
    expect(gameFormSchema.parse(form).visibility).toBe('public');
    expect(gameFormSchema.parse({ ...form, visibility: 'invite' }).visibility).toBe('invite');
    expect(gameUpdateSchema.parse({}).visibility).toBeUndefined();
    for (const bad of ['private', 'PUBLIC', 1, null]) {
      const result = gameUpdateSchema.safeParse({ visibility: bad });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(INVITE_ERRORS.visibilityInvalid);
    }
  });
});
