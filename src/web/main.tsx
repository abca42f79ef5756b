import { QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'next-themes';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session-provider';
import { cn } from '@/lib/utils';
import { createRouter } from '@/router';
import './styles.css';

// Toasts are never needed for the first paint: sonner loads right after it, in its own chunk.
// Pages call `toast` from 'sonner' as usual (the same module instance).
const Toaster = lazy(() => import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })));

/**
 * Resolves in a later task: the browser may paint and answer input in between. A message, as
 * React's scheduler does it: a timer would wait a second or more in a background tab.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The app's start, in short tasks rather than one long one on a slow phone (design note 014): the
 * routes (react-router builds its route tree), then the class merger (tailwind-merge builds its
 * tables on its first call, which would otherwise fall inside the first render), then the render.
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const queryClient = createQueryClient();
  await nextTask();
  const router = createRouter();
  await nextTask();
  cn(); // tailwind-merge's tables, built now rather than inside the first render
  await nextTask();
  const root = createRoot(container);
  // A transition: React renders the first page in slices and lets the browser breathe between
  // them, instead of one long task on a slow phone (design note 014).
  startTransition(() =>
    root.render(
      <StrictMode>
        {/*
        Theme: light/dark in localStorage ("theme"), system by default. The script in index.html applies it
        before first paint; next-themes' own inline script cannot run under our CSP, so it is marked
        as an inert data block (type text/plain) that React neither executes nor warns about.
      */}
        <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange storageKey="theme" scriptProps={{ type: 'text/plain' }}>
          <QueryClientProvider client={queryClient}>
            <TooltipProvider>
              <SessionProvider>
                <RouterProvider router={router} />
              </SessionProvider>
              <Suspense fallback={null}>
                <Toaster />
              </Suspense>
            </TooltipProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </StrictMode>,
    ),
  );
}

void start();
