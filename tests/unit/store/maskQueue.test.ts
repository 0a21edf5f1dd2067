/**
 * The masking queue's bounds, with jobs the test finishes by hand: one job at a time, the same job
 * asked again is shared, the last result is kept, the newest waiting job runs next, and only a few
 * different jobs wait (the oldest gives way, refused with MaskingBusy).
 */
import { describe, expect, it } from 'vitest';
import { MaskingBusy, MaskQueue } from '../../../src/main/store/maskQueue';

/** A job that ends when the test says so, remembering that it started. */
function jobs() {
  const started: string[] = [];
  const finish = new Map<string, { ok: (v: string) => void; fail: (e: Error) => void }>();
  const job = (name: string) => () => {
    started.push(name);
    return new Promise<string>((ok, fail) => finish.set(name, { ok, fail }));
  };
  return {
    started,
    job,
    finish: (name: string) => finish.get(name)!.ok(`made ${name}`),
    fail: (name: string) => finish.get(name)!.fail(new Error(`${name} failed`)),
  };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the masking queue', () => {
  it('runs one job at a time, the newest waiting one first (the newest fog)', async () => {
    const q = new MaskQueue<string>();
    const j = jobs();
    const a = q.run('a', j.job('a'));
    const b = q.run('b', j.job('b'));
    const c = q.run('c', j.job('c'));
    await settle();
    expect(j.started).toEqual(['a']);
    j.finish('a');
    expect(await a).toBe('made a');
    await settle();
    expect(j.started).toEqual(['a', 'c']);
    j.finish('c');
    await c;
    await settle();
    j.finish('b');
    expect(await b).toBe('made b');
    expect(q.stats).toEqual({ started: 3, mostAtOnce: 1 });
  });

  it('shares a job asked again while it waits or runs, and keeps the last result', async () => {
    const q = new MaskQueue<string>();
    const j = jobs();
    const first = q.run('a', j.job('a'));
    const again = q.run('a', j.job('a'));
    const waiting = [q.run('b', j.job('b')), q.run('b', j.job('b'))];
    expect(again).toBe(first);
    expect(waiting[1]).toBe(waiting[0]);
    await settle();
    j.finish('a');
    await first;
    await settle();
    j.finish('b');
    expect(await Promise.all(waiting)).toEqual(['made b', 'made b']);
    expect(await q.run('b', j.job('b'))).toBe('made b');
    expect(j.started).toEqual(['a', 'b']);
  });

  it('lets only a few different jobs wait: the oldest waiting gives way to a newer one', async () => {
    const q = new MaskQueue<string>(2);
    const j = jobs();
    const running = q.run('a', j.job('a'));
    const oldest = q.run('b', j.job('b'));
    const kept = q.run('c', j.job('c'));
    const newest = q.run('d', j.job('d'));
    await expect(oldest).rejects.toBeInstanceOf(MaskingBusy);
    await settle();
    j.finish('a');
    await running;
    await settle();
    j.finish('d');
    expect(await newest).toBe('made d');
    await settle();
    j.finish('c');
    await kept;
    expect(j.started).toEqual(['a', 'd', 'c']);
  });

  it('a failed job refuses whoever asked for it, is not kept, and the next one runs', async () => {
    const q = new MaskQueue<string>();
    const j = jobs();
    const failing = q.run('a', j.job('a'));
    const next = q.run('b', j.job('b'));
    await settle();
    j.fail('a');
    await expect(failing).rejects.toThrow('a failed');
    await settle();
    j.finish('b');
    await next;
    const retried = q.run('a', j.job('a'));
    await settle();
    expect(j.started).toEqual(['a', 'b', 'a']);
    j.finish('a');
    expect(await retried).toBe('made a');
  });
});
