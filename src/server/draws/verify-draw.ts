/**
 * `npm run verify-draw -- <url-or-file>` (D38, design note 030): reads a game's published draw
 * record (the game's page or API address, or a saved JSON file of GET /api/games/:id/draw-record)
 * and recomputes every set. The lines it prints, and whether any set does not check out.
 */
import { readFile } from 'node:fs/promises';
import { drawRecordSchema } from '@core/api/draws';
import { QUICKNET, type ChainInfo } from './beacon';
import { checkDrawRecord } from './draw-record';

/** The draw record's address for a game page (/game/:id...) or an API address; other URLs as given. */
export function recordUrl(input: string): string {
  const url = new URL(input);
  const match = /^\/(?:game|api\/games)\/([^/]+)/.exec(url.pathname);
  return match ? `${url.origin}/api/games/${match[1]}/draw-record` : url.toString();
}

async function readRecord(input: string, fetcher: typeof fetch): Promise<unknown> {
  if (/^https?:\/\//i.test(input)) {
    const res = await fetcher(recordUrl(input), { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`${recordUrl(input)} answered ${res.status}`);
    return res.json();
  }
  return JSON.parse(await readFile(input, 'utf8')) as unknown;
}

/** `chain`: the beacon chain beacon sets are checked against (quicknet; tests give their fake node's). */
export async function verifyDrawCommand(input: string, fetcher: typeof fetch = fetch, chain: ChainInfo = QUICKNET): Promise<{ lines: string[]; ok: boolean }> {
  const parsed = drawRecordSchema.safeParse(await readRecord(input, fetcher));
  if (!parsed.success)
    return { lines: ['Not a draw record: ' + parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')], ok: false };
  const verdicts = checkDrawRecord(parsed.data, chain);
  const lines = [`Game ${parsed.data.game_id}: ${verdicts.length} set(s)`];
  for (const verdict of verdicts) {
    if (verdict.status === 'verified') lines.push(`Set ${verdict.set}: verified`);
    else if (verdict.status === 'pending') lines.push(`Set ${verdict.set}: not drawn or not published yet`);
    else if (verdict.status === 'legacy') lines.push(`Set ${verdict.set}: drawn before tickets existed, nothing to check`);
    else lines.push(`Set ${verdict.set}: DOES NOT MATCH`, ...verdict.problems.map((problem) => `  - ${problem}`));
  }
  return { lines, ok: verdicts.every((verdict) => verdict.status !== 'mismatch') };
}
