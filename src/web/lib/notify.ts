/**
 * Toasts from components of the first page (the app shell, the home page). sonner loads in its
 * own chunk after the first paint (see main.tsx), so these load it on first use instead of
 * importing it statically. Lazy pages import `toast` from 'sonner' directly.
 */
export const notify = {
  success(message: string): void {
    void import('sonner').then(({ toast }) => toast.success(message));
  },
  error(message: string): void {
    void import('sonner').then(({ toast }) => toast.error(message));
  },
  /** A notice that must be read (it stays 10 s); one per `id`, however often it is raised. */
  warning(message: string, id: string): void {
    void import('sonner').then(({ toast }) => toast.warning(message, { id, duration: 10_000 }));
  },
};
