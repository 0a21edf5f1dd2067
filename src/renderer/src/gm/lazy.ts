import type { Component } from 'svelte';
import { whenIdle } from '../idle';

/** A component kept in its own chunk (a dynamic `import()`), loaded the first time it is shown. */
// Any component, whatever its props: a Component of particular props is not assignable to one of unknown props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LazyComponent = () => Promise<{ default: Component<any> }>;

const loading = new Map<LazyComponent, ReturnType<LazyComponent>>();

/** The module's promise, one per loader: a second panel asking for it waits on the same fetch. */
export function loadOnce(load: LazyComponent): ReturnType<LazyComponent> {
  let p = loading.get(load);
  if (p === undefined) {
    p = load();
    // A failed fetch is tried again next time rather than remembered.
    p.catch(() => loading.delete(load));
    loading.set(load, p);
  }
  return p;
}

/**
 * Loads the rarely used flows once the page is idle, so the first click on them finds them
 * ready; the page's first paint never waits for them.
 */
export function prefetchWhenIdle(loads: readonly LazyComponent[]): void {
  whenIdle(
    () => {
      for (const load of loads) void loadOnce(load).catch(() => undefined);
    },
    5000,
    1500,
  );
}
