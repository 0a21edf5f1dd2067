/** The page's bounded cache of decoded map pictures (src/renderer/src/map/recentCache.ts). */
import { describe, expect, it } from 'vitest';

// Renderer code is outside tsconfig.node.json's file list (see projection.test.ts): imported by a computed path.
const { RecentCache } = (await import(/* @vite-ignore */ ['..', '..', '..', 'src', 'renderer', 'src', 'map', 'recentCache'].join('/'))) as {
  RecentCache: new <K, V>(most: number) => { size: number; get(k: K): V | undefined; set(k: K, v: V): void; delete(k: K): void };
};

describe('RecentCache', () => {
  it('keeps only the most recently used entries', () => {
    const cache = new RecentCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
  });

  it('counts a read as a use: the entry read last is kept', () => {
    const cache = new RecentCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeUndefined();
  });

  it('replaces an entry set again, and forgets one deleted', () => {
    const cache = new RecentCache<string, number>(2);
    cache.set('a', 1);
    cache.set('a', 5);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(5);
    cache.delete('a');
    expect(cache.size).toBe(0);
  });
});
