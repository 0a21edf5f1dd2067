/** Work put off until the page is idle: idle callbacks where the browser has them, a timer where it has not (Safari). */
import { afterEach, describe, expect, it, vi } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list: imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'idle'].join('/');
const { whenIdle } = (await import(/* @vite-ignore */ modulePath)) as {
  whenIdle: (task: () => void, timeoutMs: number, fallbackMs: number) => void;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for an idle callback with the timeout, and runs the task when it comes', () => {
    const asked: { task: () => void; options: { timeout: number } }[] = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void, options: { timeout: number }) => asked.push({ task, options }));
    const task = vi.fn();
    whenIdle(task, 2000, 200);
    expect(asked.map((a) => a.options)).toEqual([{ timeout: 2000 }]);
    expect(task).not.toHaveBeenCalled();
    asked[0]!.task();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('without idle callbacks (Safari on a phone), runs the task after the fallback delay', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task, 2000, 200);
    vi.advanceTimersByTime(199);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
