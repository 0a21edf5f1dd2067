/**
 * The map and display channel groups through the real Core dispatcher: the ruler's numbers come
 * from the engine's range rules (RULINGS A2), and the projector is host state both roles read
 * and only the GM changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Core } from '../../../src/main/host/core';
import { DEFAULT_PROJECTOR, Projector } from '../../../src/main/services/projector';
import { ProjectorSchema, ProjectorUpdateSchema, type ProjectorState } from '../../../src/shared/contract/channels/display';
import type { Envelope } from '../../../src/shared/contract';
import { CHANNELS, EVENTS } from '../../../src/shared/contract';
import { SAMPLE_CAMPAIGN_DIR, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

async function core(): Promise<Core> {
  return Core.start({ dataDir: await dirs.make(), sampleCampaignDir: SAMPLE_CAMPAIGN_DIR }, recordingSink());
}

function valueOf<T>(result: Envelope<unknown>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value as T;
}

describe('measureRange (RULINGS A2)', () => {
  // Megahex centres sit at multiples of U = (2, 1) (src/shared/hex/megahex.ts); k·U is k megahexes
  // and 3k hexes from the origin (|2k| + |k| + |3k|) / 2.
  it.each([
    // from, to, hexes, megahexes, missile, thrown
    [{ q: 0, r: 0 }, { q: 1, r: 0 }, 1, 0, 0, -1],
    [{ q: 0, r: 0 }, { q: 4, r: 2 }, 6, 2, 0, -6],
    [{ q: 0, r: 0 }, { q: 6, r: 3 }, 9, 3, -1, -9],
    [{ q: 0, r: 0 }, { q: 8, r: 4 }, 12, 4, -1, -12],
    [{ q: 2, r: 1 }, { q: 12, r: 6 }, 15, 5, -2, -15],
    [{ q: 0, r: 0 }, { q: 12, r: 6 }, 18, 6, -2, -18],
    [{ q: 0, r: 0 }, { q: 14, r: 7 }, 21, 7, -3, -21],
    // (−1, 0) is in the origin's megahex and (3, 1) = U + (1, 0) in U's: one megahex, 5 hexes.
    [{ q: -1, r: 0 }, { q: 3, r: 1 }, 5, 1, 0, -5],
  ])('%o → %o: %i hexes, %i MH, missile %i, thrown %i', async (from, to, hexes, megahexes, missile, thrown) => {
    const c = await core();
    const result = valueOf<{
      hexes: number;
      megahexes: number;
      missile: { value: number; breakdown: { source: string }[] };
      thrown: { value: number; breakdown: { source: string }[] };
    }>(await c.dispatcher.dispatch('gm', 'measureRange', { from, to }));
    expect(result.hexes).toBe(hexes);
    expect(result.megahexes).toBe(megahexes);
    expect(result.missile.value).toBe(missile);
    expect(result.thrown.value).toBe(thrown);
    expect(result.missile.breakdown[0]!.source).toContain('RULINGS A2');
    expect(result.thrown.breakdown[0]!.source).toContain('RULINGS A2');
    expect(CHANNELS.measureRange.result.parse(result)).toEqual(result);
  });

  it('is a GM tool: a player window may not call it, and bad hexes are refused', async () => {
    const c = await core();
    const player = await c.dispatcher.dispatch('player', 'measureRange', { from: { q: 0, r: 0 }, to: { q: 1, r: 0 } });
    expect(player).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    const bad = await c.dispatcher.dispatch('gm', 'measureRange', { from: { q: 0.5, r: 0 }, to: { q: 1, r: 0 } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    const extra = await c.dispatcher.dispatch('gm', 'measureRange', { from: { q: 0, r: 0 }, to: { q: 1, r: 0 }, x: 1 });
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
  });
});

describe('the projector', () => {
  it('starts following the GM over the whole map at fit scale', async () => {
    const c = await core();
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('player', 'getProjector', {}))).toEqual(DEFAULT_PROJECTOR);
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'getProjector', {}))).toEqual(DEFAULT_PROJECTOR);
    expect(ProjectorSchema.parse(DEFAULT_PROJECTOR)).toEqual(DEFAULT_PROJECTOR);
  });

  it('the GM changes it, every change bumps the revision and reaches the subscribers', async () => {
    const c = await core();
    const seen: ProjectorState[] = [];
    c.projector.subscribe((p) => seen.push(p));
    const frame = { x: 20, y: 12.5, width: 30, height: 16 };
    const held = valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'setProjector', { mode: 'hold', frame }));
    expect(held).toEqual({ ...DEFAULT_PROJECTOR, mode: 'hold', frame, revision: 1 });
    const dark = valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'setProjector', { blackout: true }));
    expect(dark).toEqual({ ...held, blackout: true, revision: 2 });
    const whole = valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'setProjector', { frame: null, mode: 'follow' }));
    expect(whole).toEqual({ ...dark, frame: null, mode: 'follow', revision: 3 });
    expect(seen.map((p) => p.revision)).toEqual([1, 2, 3]);
    // The table counts its own projector states (projection/tableProjection.ts): this is the first it is given.
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('player', 'getProjector', {}))).toEqual({ ...whole, revision: 0 });
  });

  it('a player window may read it but not change it', async () => {
    const c = await core();
    const attempt = await c.dispatcher.dispatch('player', 'setProjector', { blackout: true });
    expect(attempt).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(c.projector.get().blackout).toBe(false);
  });

  it('refuses malformed updates: unknown keys, bad modes, silly screens, non-positive frames', () => {
    const bad = [
      { sneaky: true },
      { mode: 'spin' },
      { blackout: 'yes' },
      { frame: { x: 0, y: 0, width: 0, height: 10 } },
      { frame: { x: 0, y: 0, width: 10, height: 10, zoom: 2 } },
      { screen: { widthPx: 1920, heightPx: 1080, diagonalInches: 1 } },
      { screen: { widthPx: 1920.5, heightPx: 1080, diagonalInches: 55 } },
      { hexInches: 0 },
      { revision: 7 },
      { reported: { screen: { widthPx: 1, heightPx: 1 }, map: { widthPx: 1, heightPx: 1 } } },
    ];
    for (const update of bad) expect(ProjectorUpdateSchema.safeParse(update).success, JSON.stringify(update)).toBe(false);
    expect(ProjectorUpdateSchema.safeParse({}).success).toBe(true);
  });

  it('the player display reports its size; the GM may not; a repeat changes nothing; the GM keeps it through changes', async () => {
    const c = await core();
    const seen: number[] = [];
    c.projector.subscribe((p) => seen.push(p.revision));
    const display = { screen: { widthPx: 1024, heightPx: 768 }, map: { widthPx: 1024, heightPx: 704 } };
    const first = valueOf<ProjectorState>(await c.dispatcher.dispatch('player', 'reportPlayerDisplay', display));
    // The player page's count of projector states is its own: this is the first it is given.
    expect(first).toMatchObject({ reported: display, revision: 0 });
    // Reporting on every resize cannot loop: the same size is not a change.
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('player', 'reportPlayerDisplay', display)).revision).toBe(0);
    expect(seen).toEqual([1]);
    expect(await c.dispatcher.dispatch('gm', 'reportPlayerDisplay', display)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    for (const bad of [
      { screen: display.screen },
      { ...display, map: { widthPx: 0, heightPx: 704 } },
      { ...display, map: { widthPx: 1024.5, heightPx: 704 } },
      { ...display, dpr: 2 },
    ]) {
      expect(await c.dispatcher.dispatch('player', 'reportPlayerDisplay', bad)).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    }
    expect(valueOf<ProjectorState>(await c.dispatcher.dispatch('gm', 'setProjector', { blackout: true })).reported).toEqual(display);
  });

  it('is pushed to both roles and unsubscribing stops the pushes', () => {
    expect([...EVENTS.projector.roles].sort()).toEqual(['gm', 'player']);
    const projector = new Projector();
    const seen: number[] = [];
    const stop = projector.subscribe((p) => seen.push(p.revision));
    projector.set({ scale: 'physical', hexInches: 1.5 });
    stop();
    projector.set({ scale: 'fit' });
    expect(seen).toEqual([1]);
    expect(projector.get()).toMatchObject({ scale: 'fit', hexInches: 1.5, revision: 2 });
  });
});
