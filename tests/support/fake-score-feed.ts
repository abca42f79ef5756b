import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of ESPN's public scoreboard on 127.0.0.1 for the score feed tests (D39, design note 036):
 * `/apis/site/v2/sports/{sport}/{league}/scoreboard?dates=YYYYMMDD` in the feed's JSON shape
 * (events[].id, date, name, status, competitions[0].competitors[] with homeAway, team,
 * score as a string, linescores[].value), written from the public format, with the fields the
 * app does not read too. The test scripts each game step by step (`set`), and switches serve
 * error statuses, invalid JSON or no answer at all.
 */

interface FakeTeam {
  readonly name: string;
  readonly abbreviation: string;
}

/** One step of a game: where it is, and each team's points per period so far (overtime after regulation). */
export interface FakeGameState {
  readonly state: 'pre' | 'in' | 'post';
  /** STATUS_SCHEDULED, STATUS_IN_PROGRESS, STATUS_END_PERIOD, STATUS_HALFTIME, STATUS_DELAYED, STATUS_FINAL... */
  readonly status: string;
  readonly period: number;
  readonly clock: string;
  readonly completed?: boolean;
  readonly home: readonly number[];
  readonly away: readonly number[];
  /** A score that is not the sum of the line scores (the feed does that mid-correction). */
  readonly homeScore?: number;
  readonly awayScore?: number;
}

interface FakeGame {
  readonly id: string;
  readonly sport: string;
  readonly league: string;
  readonly day: string;
  readonly startsAt: string;
  readonly home: FakeTeam;
  readonly away: FakeTeam;
  state: FakeGameState;
}

const PRE_GAME: FakeGameState = { state: 'pre', status: 'STATUS_SCHEDULED', period: 0, clock: '0:00', home: [], away: [] };

/** A step in play: `period` under way with `clock` left. */
export const inPlay = (period: number, clock: string, home: number[], away: number[], status = 'STATUS_IN_PROGRESS'): FakeGameState => ({
  state: 'in',
  status,
  period,
  clock,
  home,
  away,
});

/** The game over after `home.length` periods (more than regulation: overtime). */
export const final = (home: number[], away: number[]): FakeGameState => ({
  state: 'post',
  status: 'STATUS_FINAL',
  period: home.length,
  clock: '0:00',
  completed: true,
  home,
  away,
});

export interface FakeScoreFeed {
  readonly url: string;
  /** Lists a game on its league's scoreboard for the day (YYYYMMDD); it starts before its kickoff. */
  addGame(game: { id: string; sport: 'football' | 'basketball'; league: string; day: string; startsAt: string; home: FakeTeam; away: FakeTeam }): void;
  /** The game's next step, served from now on. */
  set(id: string, state: FakeGameState): void;
  /** The next `count` requests (for that day only, when given) get this status instead of an answer. */
  failNext(count: number, status: number, day?: string): void;
  /** The next `count` requests (for that day only, when given) get a body that is not JSON. */
  invalidNext(count: number, day?: string): void;
  /** The next `count` requests (for that day only, when given) are never answered (the client's time-out must end them). */
  hangNext(count: number, day?: string): void;
  /** The next `count` requests (for that day only, when given) get a 200 whose body never ends (the client must stop reading). */
  floodNext(count: number, day?: string): void;
  /** Every path with its query, in order. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

function statusJson(state: FakeGameState) {
  const detail =
    state.state === 'post'
      ? state.period > 4
        ? 'Final/OT'
        : 'Final'
      : state.state === 'pre'
        ? 'Sun, February 8th at 6:30 PM EST'
        : `${state.clock} - ${state.period}${['st', 'nd', 'rd'][state.period - 1] ?? 'th'} Quarter`;
  return {
    clock: 0,
    displayClock: state.clock,
    period: state.period,
    type: {
      id: state.state === 'post' ? '3' : state.state === 'in' ? '2' : '1',
      name: state.status,
      state: state.state,
      completed: state.completed ?? false,
      description: state.state === 'post' ? 'Final' : state.state === 'in' ? 'In Progress' : 'Scheduled',
      detail,
      shortDetail: detail,
    },
  };
}

function competitor(team: FakeTeam, side: 'home' | 'away', lines: readonly number[], score: number | undefined, started: boolean, order: number) {
  return {
    id: `${side === 'home' ? 1 : 2}${order}`,
    uid: `s:20~l:28~t:${order}`,
    type: 'team',
    order,
    homeAway: side,
    team: {
      id: String(order),
      location: team.name.split(' ').slice(0, -1).join(' '),
      name: team.name.split(' ').at(-1),
      abbreviation: team.abbreviation,
      displayName: team.name,
      shortDisplayName: team.name.split(' ').at(-1),
      color: '004c54',
      isActive: true,
    },
    score: started ? String(score ?? lines.reduce((a, b) => a + b, 0)) : '0',
    ...(started ? { linescores: lines.map((value) => ({ value, displayValue: String(value) })) } : {}),
    records: [{ name: 'overall', abbreviation: 'Game', type: 'total', summary: '14-3' }],
  };
}

function eventJson(game: FakeGame) {
  const { state } = game;
  const started = state.state !== 'pre';
  const status = statusJson(state);
  return {
    id: game.id,
    uid: `s:20~l:28~e:${game.id}`,
    date: game.startsAt.replace(/:\d{2}\.\d{3}Z$/, 'Z'),
    name: `${game.away.name} at ${game.home.name}`,
    shortName: `${game.away.abbreviation} @ ${game.home.abbreviation}`,
    season: { year: 2026, type: 2, slug: 'regular-season' },
    competitions: [
      {
        id: game.id,
        uid: `s:20~l:28~e:${game.id}~c:${game.id}`,
        date: game.startsAt,
        attendance: 0,
        neutralSite: false,
        venue: { id: '3622', fullName: 'Test Stadium', address: { city: 'Testville', state: 'PA' } },
        competitors: [
          competitor(game.home, 'home', state.home, state.homeScore, started, 1),
          competitor(game.away, 'away', state.away, state.awayScore, started, 2),
        ],
        status,
        broadcasts: [{ market: 'national', names: ['FOX'] }],
      },
    ],
    status,
    links: [{ rel: ['summary', 'desktop', 'event'], href: `https://www.espn.com/nfl/game/_/gameId/${game.id}` }],
  };
}

export async function startFakeScoreFeed(): Promise<FakeScoreFeed> {
  const games: FakeGame[] = [];
  /** Scripted misbehaviour, taken in order by the first request it applies to. */
  const mishaps: { kind: 'fail' | 'invalid' | 'hang' | 'flood'; status: number; day: string | undefined }[] = [];
  const script = (kind: 'fail' | 'invalid' | 'hang' | 'flood', count: number, status: number, day: string | undefined) =>
    mishaps.push(...Array.from({ length: count }, () => ({ kind, status, day })));
  const requests: string[] = [];
  const hung: ServerResponse[] = [];

  const send = (res: ServerResponse, status: number, value: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  };

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    const at = mishaps.findIndex((mishap) => mishap.day === undefined || mishap.day === url.searchParams.get('dates'));
    const mishap = at >= 0 ? mishaps.splice(at, 1)[0] : undefined;
    if (mishap?.kind === 'hang') {
      hung.push(res);
      return;
    }
    if (mishap?.kind === 'fail') return send(res, mishap.status, { code: mishap.status, message: 'fake failure' });
    if (mishap?.kind === 'flood') {
      // No length said: 1 MB after 1 MB, as fast as the client reads, until it hangs up.
      hung.push(res);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      res.writeHead(200, { 'content-type': 'application/json' });
      const pour = (): void => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pour);
      pour();
      return;
    }
    if (mishap?.kind === 'invalid') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"events": [{"id": "40');
      return;
    }
    const match = /^\/apis\/site\/v2\/sports\/([a-z-]+)\/([a-z-]+)\/scoreboard$/.exec(url.pathname);
    if (!match) return send(res, 404, { code: 404, message: 'Not Found' });
    const [, sport, league] = match;
    const day = url.searchParams.get('dates') ?? '';
    const listed = games.filter((game) => game.sport === sport && game.league === league && game.day === day);
    send(res, 200, {
      leagues: [{ id: '28', name: league, abbreviation: league?.toUpperCase(), season: { year: 2026 } }],
      day: { date: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}` },
      events: listed.map(eventJson),
    });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    addGame: (game) => games.push({ ...game, state: PRE_GAME }),
    set(id, state) {
      const game = games.find((candidate) => candidate.id === id);
      if (!game) throw new Error(`no fake game ${id}`);
      game.state = state;
    },
    failNext: (count, status, day) => script('fail', count, status, day),
    invalidNext: (count, day) => script('invalid', count, 200, day),
    hangNext: (count, day) => script('hang', count, 0, day),
    floodNext: (count, day) => script('flood', count, 200, day),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
