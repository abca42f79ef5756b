/**
 * Who can see a game (D30): public (listed on Home and All Games, its board readable by anyone,
 * D11) or invite-only (not listed; its board and checkout need the game's invite link, unless the
 * viewer owns or holds squares in it or is an admin). The server decides; these are the names,
 * the form's words, and the invite link's shape.
 */
export const VISIBILITIES = ['public', 'invite'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: Visibility = 'public';

/** The game form's choices ("Who can see this game"), with what each means. */
export const VISIBILITY_LABELS: Readonly<Record<Visibility, string>> = {
  public: 'Public',
  invite: 'Invite only',
};
export const VISIBILITY_HINTS: Readonly<Record<Visibility, string>> = {
  public: 'Listed on the home page; anyone can see the board',
  invite: 'Only people with the invite link',
};

/** The query parameter of an invite link: `/game/:id?invite=TOKEN`. */
export const INVITE_PARAM = 'invite';

/** The longest token the server reads (ours are 43 characters: base64url of 32 bytes). */
export const INVITE_TOKEN_MAX_LENGTH = 100;

/** A game's board on `origin` (the app's public origin): the link of a public game. */
function gameLink(origin: string, gameId: string): string {
  return `${origin}/game/${encodeURIComponent(gameId)}`;
}

/** The invite link of a game on `origin` (the app's public origin). */
export function inviteLink(origin: string, gameId: string, token: string): string {
  return `${gameLink(origin, gameId)}?${INVITE_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * D42: the link a printed board's QR code opens: the share link (the invite link of an
 * invite-only game) for an admin, who may hand out the invite; the game's plain link for anyone
 * else, who may not (scanned by a stranger, an invite-only game's plain link stays closed).
 */
export function printedLink(origin: string, game: { id: string; visibility: Visibility; invite_token: string | null }, viewerIsAdmin: boolean): string {
  return viewerIsAdmin ? shareLink(origin, game) : gameLink(origin, game.id);
}

/** D45: the link a game is shared by: its invite link when invite-only (D30), else its board. */
export function shareLink(origin: string, game: { id: string; visibility: Visibility; invite_token: string | null }): string {
  return game.visibility === 'invite' && game.invite_token !== null ? inviteLink(origin, game.id, game.invite_token) : gameLink(origin, game.id);
}

/**
 * D30's rule with D46's members, given the facts: a public game is visible to everyone; an
 * invite-only one to an admin, to a viewer who owns or holds any of its squares, to a member (an
 * account that opened its invite link, from any browser), and to a request carrying its current
 * invite token, unless the organizer removed that account from the game (a removed account keeps
 * what it owns). `isAdmin`, `membership` and `ownsSquares` are queries, asked only when needed
 * (a public game asks nothing).
 */
export async function gameVisible(
  visibility: Visibility,
  facts: {
    isAdmin: () => Promise<boolean>;
    hasCurrentInvite: boolean;
    membership: () => Promise<'member' | 'removed' | null>;
    ownsSquares: () => Promise<boolean>;
  },
): Promise<boolean> {
  if (visibility === 'public' || (await facts.isAdmin())) return true;
  const membership = await facts.membership();
  if (membership === 'member' || (facts.hasCurrentInvite && membership === null)) return true;
  return facts.ownsSquares();
}
