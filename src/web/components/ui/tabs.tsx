import { Tabs as TabsPrimitive } from 'radix-ui';
import type * as React from 'react';
import { createContext, useContext, useId, useMemo, useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * Tabs: Radix's root, list and triggers (roving focus, arrow keys, automatic activation), and
 * panels of our own. Radix's TabsContent mounts through Presence, whose ref reads the panel's
 * computed style to find an animation: on a page's first render that forces the whole page's style
 * and layout, then a synchronous re-render, inside React's commit. On home (the games' tabs) that
 * made the commit one 50-77 ms task here (design note 014). Our panels animate nothing, so a plain
 * element does, with the ids Radix would give: the triggers get them from the context below.
 */
interface TabsState {
  baseId: string;
  value: string | undefined;
}

const TabsStateContext = createContext<TabsState | null>(null);

function useTabIds(value: string) {
  const state = useContext(TabsStateContext);
  if (!state) throw new Error('Tab triggers and panels belong inside <Tabs>.');
  return { selected: state.value === value, trigger: `${state.baseId}-trigger-${value}`, panel: `${state.baseId}-content-${value}` };
}

export function Tabs({ className, value: chosen, defaultValue, onValueChange, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue);
  const value = chosen ?? own;
  const state = useMemo(() => ({ baseId, value }), [baseId, value]);
  const change = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsStateContext.Provider value={state}>
      <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-2', className)} value={value} onValueChange={change} {...props} />
    </TabsStateContext.Provider>
  );
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        'inline-flex h-9 w-fit max-w-full items-center justify-center overflow-x-auto rounded-lg bg-muted p-[3px] text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, value, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  const ids = useTabIds(value);
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      value={value}
      id={ids.trigger}
      aria-controls={ids.panel}
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2 py-1 text-sm font-medium whitespace-nowrap text-foreground transition-[color,box-shadow] disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab's panel, shown while its tab is chosen. Like Radix's: not rendered while another tab is
 * chosen, unless `forceMount` (then it stays, with data-state="inactive" for the caller to hide).
 */
export function TabsContent({ className, value, forceMount, ...props }: React.ComponentProps<'div'> & { value: string; forceMount?: true }) {
  const ids = useTabIds(value);
  if (!ids.selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      data-slot="tabs-content"
      data-state={ids.selected ? 'active' : 'inactive'}
      id={ids.panel}
      aria-labelledby={ids.trigger}
      tabIndex={0}
      className={cn('flex-1', className)}
      {...props}
    />
  );
}
