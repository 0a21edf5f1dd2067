import { describe, expect, it } from 'vitest';

interface LatestAnswerLike {
  ask<T>(answer: Promise<T>, use: (value: T) => void): void;
  drop(): void;
}
// Renderer code is outside tsconfig.node.json's file list (see projection.test.ts): imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'api', 'latestAnswer'].join('/');
const { LatestAnswer } = (await import(/* @vite-ignore */ modulePath)) as { LatestAnswer: new () => LatestAnswerLike };

/** A promise the test resolves by hand, so answers can arrive in any order. */
function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LatestAnswer', () => {
  it('uses the newest question’s answer even when an older one arrives after it', async () => {
    const latest = new LatestAnswer();
    const used: string[] = [];
    const first = deferred<string>();
    const second = deferred<string>();
    latest.ask(first.promise, (v) => used.push(v));
    latest.ask(second.promise, (v) => used.push(v));
    second.resolve('new');
    await settle();
    first.resolve('old');
    await settle();
    expect(used).toEqual(['new']);
  });

  it('uses each answer when every question is answered before the next is asked', async () => {
    const latest = new LatestAnswer();
    const used: number[] = [];
    latest.ask(Promise.resolve(1), (v) => used.push(v));
    await settle();
    latest.ask(Promise.resolve(2), (v) => used.push(v));
    await settle();
    expect(used).toEqual([1, 2]);
  });

  it('drops an answer still on its way after drop()', async () => {
    const latest = new LatestAnswer();
    const used: number[] = [];
    const pending = deferred<number>();
    latest.ask(pending.promise, (v) => used.push(v));
    latest.drop();
    pending.resolve(7);
    await settle();
    expect(used).toEqual([]);
  });
});
