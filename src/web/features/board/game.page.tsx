import { useParams } from 'react-router';
import { GameView } from './game-view';

/** Spec route "/game/:id" (public and read-only for visitors, D11). */
export default function GamePage() {
  const { id = '' } = useParams();
  return <GameView gameId={id} />;
}
