import type { DrawVerification } from '@core/api/draws';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Disclosure } from '@/components/disclosure';
import { ErrorState, LoadingState, Page } from '@/components/page';
import { api } from '@/lib/api';
import { useBoard } from './board-data';
import { drawProofSentence } from '@core/draw-proof';

const STATUS_TEXT: Record<DrawVerification['sets'][number]['status'], string> = {
  verified: 'verified',
  pending: 'not drawn or not published yet',
  legacy: 'drawn before tickets existed: nothing to check',
  mismatch: 'does not match',
};

/**
 * /game/:id/verify (D38, design note 030): every digit set recomputed from the game's published
 * values (the same check as `npm run verify-draw`), and the values themselves to check elsewhere.
 * It opens with what is proven and since when, in plain words and the game's zone (D49); the
 * method and hashes are under Details.
 */
export default function GameVerifyPage() {
  const { id = '' } = useParams();
  const verification = useQuery({
    queryKey: ['games', id, 'draw-verification'],
    queryFn: ({ signal }) => api.get<DrawVerification>(`/api/games/${encodeURIComponent(id)}/draw-verification`, signal),
  });
  // The game's zone for its times (D49); the record itself carries no game settings.
  const board = useBoard(id);
  const zone = board.data?.game.time_zone ?? null;
  const recordUrl = `/api/games/${encodeURIComponent(id)}/draw-record`;
  return (
    <Page
      title="Verify the numbers"
      before={
        <Link to={`/game/${encodeURIComponent(id)}`} className="text-sm font-medium text-primary underline underline-offset-4">
          Back to the board
        </Link>
      }
    >
      {verification.isPending || board.isPending ? (
        <LoadingState />
      ) : verification.isError ? (
        <ErrorState title="Failed to load the draws" message={verification.error.message} onRetry={() => void verification.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-base" data-testid="verify-proof">
            {drawProofSentence(verification.data.record.sets, zone)}
          </p>
          <Disclosure summary="Details" data-testid="verify-details">
            <div className="mt-3 flex flex-col gap-4">
              <p className="text-muted-foreground">
                Each set of numbers recomputed from what the game published: its board, its ticket and its seed or beacon round.
              </p>
              <ul className="flex flex-col gap-3" data-testid="verify-sets">
                {verification.data.sets.map((verdict) => {
                  const set = verification.data.record.sets.find((candidate) => candidate.set === verdict.set);
                  return (
                    <li key={verdict.set} className="rounded-md border p-3 text-sm" data-testid={`verify-set-${verdict.set}`}>
                      <p className="font-medium">
                        Set {verdict.set}
                        {set ? ` (${set.periods_label})` : ''}:{' '}
                        <span className={verdict.status === 'mismatch' ? 'text-destructive' : verdict.status === 'verified' ? 'text-primary' : ''}>
                          {STATUS_TEXT[verdict.status]}
                        </span>
                      </p>
                      {verdict.problems.length > 0 && (
                        <ul className="mt-1 list-disc pl-5 text-destructive">
                          {verdict.problems.map((problem) => (
                            <li key={problem}>{problem}</li>
                          ))}
                        </ul>
                      )}
                      {set && set.method !== 'legacy' && (
                        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono text-xs break-all text-muted-foreground">
                          <dt>board</dt>
                          <dd>{set.board_hash}</dd>
                          {set.method === 'beacon' ? (
                            <>
                              <dt>drand round</dt>
                              <dd>{set.round}</dd>
                            </>
                          ) : (
                            <>
                              <dt>commit</dt>
                              <dd>{set.commit_hash}</dd>
                              <dt>draw</dt>
                              <dd>{set.round}</dd>
                              <dt>seed</dt>
                              <dd>{set.revealed_seed ?? 'published with the last set'}</dd>
                            </>
                          )}
                          {set.x_axis_numbers && set.y_axis_numbers && (
                            <>
                              <dt>rows</dt>
                              <dd>{set.x_axis_numbers.join(' ')}</dd>
                              <dt>columns</dt>
                              <dd>{set.y_axis_numbers.join(' ')}</dd>
                            </>
                          )}
                        </dl>
                      )}
                    </li>
                  );
                })}
              </ul>
              <p className="text-sm text-muted-foreground">
                Check it yourself:{' '}
                <code className="break-all">
                  npm run verify-draw -- {typeof window === 'undefined' ? '' : window.location.origin}/game/{id}
                </code>
                , or reimplement the method from the published values (
                <a className="text-primary underline underline-offset-4" href={recordUrl}>
                  the draw record
                </a>
                ). This page runs on the game's own server; a check on your own machine does not depend on it.
              </p>
            </div>
          </Disclosure>
        </div>
      )}
    </Page>
  );
}
