// `npm run verify-draw -- <game-url-or-draw-record-file>`: recomputes every digit set of a game
// from its published values; exits 1 when any set does not match (design note 030).
import { verifyDrawCommand } from './verify-draw';

const USAGE = 'Usage: npm run verify-draw -- <game page URL, or a saved draw-record JSON file>';
const input = process.argv[2];
if (!input) {
  console.error(USAGE);
  process.exitCode = 2;
} else {
  try {
    const { lines, ok } = await verifyDrawCommand(input);
    for (const line of lines) console.log(line);
    process.exitCode = ok ? 0 : 1;
  } catch (err) {
    console.error(`Cannot verify: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 2;
  }
}
