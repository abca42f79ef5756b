/**
 * The database `npm run lighthouse` measures: a pool on game day as players see it. Home lists a
 * few games (active and completed); the measured board has most squares sold to two dozen
 * players, its numbers drawn and shown, and the first quarter scored with its winner.
 */
import { parseSettings } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
import { insertGame, insertNumbers, insertPeriodResult, insertUser } from '../tests/support/fixtures';
import { sellSquares } from '../tests/support/game-day';
import { seeded } from '../tests/support/random';

const PLAYERS = [
  'mike.jones',
  'sarah_k',
  'big.tony',
  'aunt_linda',
  'dgarcia',
  'jenny.w',
  'coach.bob',
  'priya_s',
  'the.commish',
  'kevin_o',
  'maria.l',
  'sam.t',
  'ozzie',
  'rachel_m',
  'uncle_ray',
  'jt_smith',
  'lucy.h',
  'marcus22',
  'nina.p',
  'grandpa_joe',
  'kate_b',
  'alex.r',
  'dre_w',
  'beth_c',
];

/** Sold squares on the measured board, of 100. */
export const SOLD = 88;

/** Writes the game-day pool into a fresh SQLite file and returns the measured board's id. */
export async function seedGameDay(file: string, secret: string): Promise<{ boardId: string }> {
  const settings = parseSettings({ DATABASE_URL: file, NODE_ENV: 'development', LOG_LEVEL: 'silent', AUTH_SECRET: secret });
  const handle = await openDatabase(settings.database);
  try {
    await migrate(handle, settings, secret);
    const players: Array<{ id: string }> = [];
    for (const name of PLAYERS) players.push(await insertUser(handle, `${name}@example.com`));
    const random = seeded(14);

    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const boardId = await insertGame(handle, {
      title: 'Super Bowl Squares',
      team_a: 'Chiefs',
      team_b: 'Eagles',
      price_per_square_cents: 2000,
      payout_schedule: 'even',
      created_at: minutesAgo(60),
    });
    // Most squares sold, some players with several.
    const cells = Array.from({ length: 100 }, (_, i) => i).sort(() => random() - 0.5);
    const sold = new Set(cells.slice(0, SOLD));
    const owners = await sellSquares(handle, boardId, (x, y) => (sold.has(x * 10 + y) ? players[Math.floor(random() * players.length)]!.id : null));
    const xAxis = [7, 2, 9, 0, 4, 1, 8, 3, 6, 5];
    const yAxis = [3, 8, 0, 6, 1, 9, 4, 7, 2, 5];
    await insertNumbers(handle, boardId, xAxis, yAxis, { revealed: true, logDraw: true });
    // First quarter: Chiefs 7, Eagles 3 (D14: row x by team A's digit, column y by team B's).
    const x = xAxis.indexOf(7);
    const y = yAxis.indexOf(3);
    await insertPeriodResult(handle, boardId, {
      period: 1,
      teamA: 7,
      teamB: 3,
      square: { x, y, userId: owners.get(`${x},${y}`) ?? null },
      payoutCents: (SOLD * 2000) / 4,
    });

    // The other games on home: two filling up, one not started, one finished.
    for (const [title, teams, claimed, at] of [
      ['Office Pool: Conference Final', ['Bills', 'Ravens'], 64, 120],
      ['Family Squares', ['49ers', 'Lions'], 37, 180],
      ['Thursday Night Squares', ['Packers', 'Bears'], 0, 240],
    ] as const) {
      const id = await insertGame(handle, { title, team_a: teams[0], team_b: teams[1], created_at: minutesAgo(at) });
      const cellsOf = new Set(Array.from({ length: 100 }, (_, i) => i).filter(() => random() < claimed / 100));
      await sellSquares(handle, id, (gx, gy) => (cellsOf.has(gx * 10 + gy) ? players[Math.floor(random() * players.length)]!.id : null));
    }
    await insertGame(handle, { title: 'Wild Card Weekend', team_a: 'Cowboys', team_b: 'Rams', is_active: false, created_at: minutesAgo(10_000) });
    return { boardId };
  } finally {
    await handle.close();
  }
}
