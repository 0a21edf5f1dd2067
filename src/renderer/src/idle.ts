type IdleCallbacks = (task: () => void, options: { timeout: number }) => unknown;

/**
 * Runs `task` once the page is idle, or after `timeoutMs` at the latest. Safari (a player's
 * iPhone opening a seat) has no idle callbacks: there it runs after `fallbackMs`.
 */
export function whenIdle(task: () => void, timeoutMs: number, fallbackMs: number): void {
  const idle = (globalThis as { requestIdleCallback?: IdleCallbacks }).requestIdleCallback;
  if (idle) idle(task, { timeout: timeoutMs });
  else setTimeout(task, fallbackMs);
}
