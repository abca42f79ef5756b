import { useEffect } from 'react';

/**
 * D44: a tap's note goes by itself after a few seconds, or at Escape. Each new note (a new
 * object, even with the same words) starts its few seconds again.
 */
export function useDismissNote(note: object | null, onClose: () => void): void {
  useEffect(() => {
    if (!note) return;
    const timer = window.setTimeout(onClose, 5000);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
    };
  }, [note, onClose]);
}
