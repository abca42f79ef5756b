/**
 * ESPN's public scoreboard JSON (`/apis/site/v2/sports/{sport}/{league}/scoreboard?dates=YYYYMMDD`)
 * read into the feed's games (score-feed.ts), defensively: only the fields used are checked, an
 * event that lacks them is skipped, and a body that is not a scoreboard is an error the caller
 * reports (never a crash).
 */
import { z } from 'zod';
import type { FeedGame, FeedTeam } from './score-feed';

const text = z.string().trim().min(1).max(200);
/** ESPN sends scores as strings ("21"), line scores as numbers (7 or 7.0). */
const points = z
  .union([z.number(), z.string().regex(/^\d{1,4}$/)])
  .transform(Number)
  .pipe(z.number().int().min(0).max(9999));

const competitorSchema = z.object({
  homeAway: z.enum(['home', 'away']),
  score: points.optional().catch(undefined),
  team: z.object({ displayName: text, abbreviation: z.string().trim().max(20).optional().catch(undefined) }),
  linescores: z
    .array(z.object({ value: points }))
    .optional()
    .catch(undefined),
});

const statusSchema = z.object({
  period: z.number().int().min(0).max(20).catch(0),
  displayClock: z.string().max(20).catch(''),
  type: z.object({
    name: z.string().max(60),
    state: z.enum(['pre', 'in', 'post']),
    completed: z.boolean().catch(false),
  }),
});

const eventSchema = z.object({
  id: z.string().regex(/^\d{1,20}$/),
  date: z.string().refine((value) => !Number.isNaN(Date.parse(value))),
  status: statusSchema.optional(),
  competitions: z
    .array(
      z.object({
        status: statusSchema.optional(),
        competitors: z.array(competitorSchema).length(2),
      }),
    )
    .min(1),
});

const scoreboardSchema = z.object({ events: z.array(z.unknown()).max(1000) });

export class FeedFormatError extends Error {
  override name = 'FeedFormatError';
}

function toTeam(competitor: z.infer<typeof competitorSchema>): FeedTeam {
  return {
    name: competitor.team.displayName,
    abbreviation: competitor.team.abbreviation ?? '',
    score: competitor.score ?? null,
    periods: (competitor.linescores ?? []).map((line) => line.value),
  };
}

/** One event, or null when it lacks what a game needs (it is left out of the list). */
function parseEspnEvent(raw: unknown): FeedGame | null {
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) return null;
  const event = parsed.data;
  const competition = event.competitions[0]!;
  const status = competition.status ?? event.status;
  if (!status) return null;
  const home = competition.competitors.find((c) => c.homeAway === 'home');
  const away = competition.competitors.find((c) => c.homeAway === 'away');
  if (!home || !away) return null;
  return {
    id: event.id,
    startsAt: new Date(event.date).toISOString(),
    state: status.type.state,
    status: status.type.name,
    completed: status.type.completed,
    period: status.period,
    clock: status.displayClock,
    home: toTeam(home),
    away: toTeam(away),
  };
}

/** A scoreboard's games; FeedFormatError when the body is not a scoreboard at all. */
export function parseEspnScoreboard(body: unknown): FeedGame[] {
  const parsed = scoreboardSchema.safeParse(body);
  if (!parsed.success) throw new FeedFormatError('The score feed sent something that is not a scoreboard');
  return parsed.data.events.map(parseEspnEvent).filter((game): game is FeedGame => game !== null);
}
