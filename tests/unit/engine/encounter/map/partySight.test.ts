/**
 * Sight-driven fog (engine/encounter/map/partySight.ts): the party's sight opens the map as its
 * figures walk, what was seen stays explored, and a foe coming into sight waits for the GM's
 * reveal — "not yet" holds until the foe leaves sight and comes back. The table's frame shows
 * exactly that (projection/sight.ts).
 */
import { describe, expect, it } from 'vitest';
import { awaitingReveal, partyInSight } from '../../../../../src/main/engine/encounter/map/partySight';
import type { EncounterState } from '../../../../../src/main/engine/encounter/schema';
import { frameOf } from '../../../../../src/main/projection/frame';
import { hexKey } from '../../../../../src/shared/hex';
import { mapHexes } from '../../../../../src/shared/mapGrid';
import { encounter, fig, refusal, step } from '../fixtures';

/** A corridor two hexes wide (r 0 and 1) along a 16 × 8 map, every other hex a wall. */
function corridor(): EncounterState {
  const terrain: Record<string, string> = {};
  for (const h of mapHexes({ cols: 16, rows: 8, orientation: 'flat' })) if (h.r < 0 || h.r > 1) terrain[hexKey(h)] = 'wall';
  return encounter([fig('bram', 'a', 1, 0), fig('grak', 'b', 14, 0)], { cols: 16, rows: 8, terrain });
}

const on = (state: EncounterState, range = 6) => step(state, { type: 'setPartySight', sideId: 'a', range }).state;

/** Bram walks the corridor hex by hex (the GM's hand moves one hex a step) to column `q`. */
function walk(state: EncounterState, q: number): EncounterState {
  let now = state;
  for (;;) {
    const at = now.figures.find((f) => f.id === 'bram')!.position.q;
    if (at === q) return now;
    now = step(now, { type: 'moveFigure', figureId: 'bram', to: { q: at + Math.sign(q - at), r: 0 } }).state;
  }
}

describe('sight-driven fog', () => {
  it('opens the hexes the party sees when turned on, and nothing behind the corridor walls', () => {
    const state = on(corridor());
    expect(state.sight!.explored).toContain('4,0');
    expect(state.sight!.explored).not.toContain('12,0');
    expect(state.sight!.explored.some((k) => k.endsWith(',3'))).toBe(false);
    const frame = frameOf(state).encounter;
    expect(frame.map.fogged).toContain('12,0');
    expect(frame.map.fogged).not.toContain('4,0');
    expect(frame.figures.map((f) => f.name)).toEqual(['Bram']);
  });

  it('keeps what was seen as explored as a figure walks on, dimmed once out of sight', () => {
    let state = on(corridor(), 3);
    state = walk(state, 8);
    expect(state.sight!.explored).toContain('1,0');
    expect(state.sight!.explored).toContain('11,0');
    const frame = frameOf(state).encounter;
    expect(frame.map.dimmed).toContain('1,0');
    expect(frame.map.dimmed).not.toContain('9,0');
    expect(frame.map.fogged).not.toContain('1,0');
  });

  it('asks the GM to reveal a foe that comes into sight; the table sees it only once revealed', () => {
    let state = on(corridor(), 6);
    expect(awaitingReveal(state)).toEqual([]);
    state = walk(state, 9);
    expect(awaitingReveal(state).map((f) => f.id)).toEqual(['grak']);
    expect(frameOf(state).encounter.figures.map((f) => f.name)).toEqual(['Bram']);
    const shown = step(state, { type: 'revealToParty', figureId: 'grak', reveal: true });
    expect(shown.events).toEqual([expect.objectContaining({ type: 'figureRevealed', figureId: 'grak', revealed: true })]);
    expect(awaitingReveal(shown.state)).toEqual([]);
    expect(frameOf(shown.state).encounter.figures.map((f) => f.name)).toEqual(['Bram', 'Grak']);
  });

  it('"not yet" holds while the foe stays in sight, and asks again when it comes back', () => {
    let state = on(corridor(), 6);
    state = walk(state, 9);
    state = step(state, { type: 'revealToParty', figureId: 'grak', reveal: false }).state;
    expect(awaitingReveal(state)).toEqual([]);
    expect(state.sight!.deferred).toEqual(['grak']);
    state = walk(state, 2);
    expect(state.sight!.deferred).toEqual([]);
    state = walk(state, 10);
    expect(awaitingReveal(state).map((f) => f.id)).toEqual(['grak']);
  });

  it('an unconscious or hidden party figure sees nothing for the party; a hidden foe never waits for a reveal', () => {
    const base = corridor();
    const down = {
      ...base,
      figures: base.figures.map((f) => (f.id === 'bram' ? { ...f, posture: 'unconscious' as const, fatigue: { ...f.fatigue, current: 0 } } : f)),
    };
    expect(partyInSight(on(down)).size).toBe(0);
    const lurking = { ...base, figures: [...base.figures.map((f) => (f.id === 'grak' ? { ...f, hidden: true, position: { q: 4, r: 0 } } : f))] };
    expect(awaitingReveal(on(lurking))).toEqual([]);
    expect(frameOf(step(on(lurking), { type: 'revealToParty', figureId: 'grak', reveal: true }).state).encounter.figures.map((f) => f.name)).toEqual(['Bram']);
  });

  it('turned off, the GM fog alone decides again; refuses a party figure or an unknown side', () => {
    const state = on(corridor());
    expect(refusal(state, { type: 'revealToParty', figureId: 'bram', reveal: true })).toMatch(/one of the party/);
    expect(refusal(corridor(), { type: 'setPartySight', sideId: 'nobody', range: 5 })).toMatch(/no side/);
    expect(refusal(corridor(), { type: 'revealToParty', figureId: 'grak', reveal: true })).toMatch(/Sight-driven fog is off/);
    const off = step(state, { type: 'setPartySight', sideId: null, range: 5 }).state;
    expect(off.sight).toBeUndefined();
    expect(frameOf(off).encounter.figures.map((f) => f.name)).toEqual(['Bram', 'Grak']);
  });
});
