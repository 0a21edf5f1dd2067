/**
 * The GM's drawings on the map (engine/encounter/map/mapDrawings.ts, projection/frame.ts): drawn and
 * erased as logged commands with ids of the engine's, kept with the encounter, and what the
 * players get of them — the shown ones only, without ids.
 */
import { describe, expect, it } from 'vitest';
import { frameOf } from '../../../../../src/main/projection/frame';
import { EncounterStateSchema } from '../../../../../src/main/engine/encounter/schema';
import { CommandSchema, type Command } from '../../../../../src/shared/contract/commands';
import { MAX_DRAWINGS } from '../../../../../src/shared/contract/mapDrawings';
import { encounter, fig, refusal, step } from '../fixtures';

const base = () => encounter([fig('bram', 'a', 2, 2)]);
const POINTS = [
  { x: 1, y: 1 },
  { x: 2.5, y: 1.5 },
  { x: 4, y: 3 },
];
const line = (shown: boolean): Command => ({ type: 'drawOnMap', drawing: { kind: 'line', points: POINTS, colour: '#ef476f', shown } });
const label = (text: string, shown: boolean): Command => ({ type: 'drawOnMap', drawing: { kind: 'text', at: { x: 3, y: 2 }, text, colour: '#ffd166', shown } });

describe('drawings on the map (console’s choice)', () => {
  it('are drawn with ids of their own, logged, kept in the encounter file, and erased one by one', () => {
    let r = step(base(), line(true));
    expect(r.state.drawings).toEqual([
      {
        id: 'drawing-1',
        kind: 'line',
        points: POINTS,
        colour: '#ef476f',
        shown: true,
      },
    ]);
    expect(r.events).toEqual([expect.objectContaining({ type: 'mapDrawn', drawingId: 'drawing-1', erased: false, shown: true })]);
    r = step(r.state, label('  Ambush here ', false));
    expect(r.state.drawings![1]).toEqual({ id: 'drawing-2', kind: 'text', at: { x: 3, y: 2 }, text: 'Ambush here', colour: '#ffd166', shown: false });
    expect(EncounterStateSchema.parse(JSON.parse(JSON.stringify(r.state)))).toEqual(r.state);
    r = step(r.state, { type: 'eraseDrawing', drawingId: 'drawing-1' });
    expect(r.state.drawings!.map((d) => d.id)).toEqual(['drawing-2']);
    expect(r.events).toEqual([expect.objectContaining({ type: 'mapDrawn', drawingId: 'drawing-1', erased: true })]);
    // The last one erased leaves no field at all, as before any drawing (older files read the same).
    r = step(r.state, { type: 'eraseDrawing', drawingId: 'drawing-2' });
    expect('drawings' in r.state).toBe(false);
  });

  it('refuses erasing what is not there, a line of one point, an empty label, a foreign colour, and more than the limit', () => {
    expect(refusal(base(), { type: 'eraseDrawing', drawingId: 'drawing-9' })).toMatch(/no such drawing/);
    expect(CommandSchema.safeParse({ type: 'drawOnMap', drawing: { kind: 'line', points: [{ x: 1, y: 1 }], colour: '#ef476f', shown: true } }).success).toBe(
      false,
    );
    expect(CommandSchema.safeParse(label('   ', true)).success).toBe(false);
    expect(CommandSchema.safeParse({ type: 'drawOnMap', drawing: { kind: 'text', at: { x: 1, y: 1 }, text: 'x', colour: 'red', shown: true } }).success).toBe(
      false,
    );
    let s = base();
    for (let i = 0; i < MAX_DRAWINGS; i++) s = step(s, label(`n${i}`, false)).state;
    expect(refusal(s, label('one more', true))).toMatch(new RegExp(`${MAX_DRAWINGS} drawings`));
  });

  it('reach the players only when shown, without ids, and nothing under blackout’s empty map', () => {
    let s = step(base(), label('GM only: the trap', false)).state;
    expect(frameOf(s).encounter.drawings).toBeUndefined();
    expect(JSON.stringify(frameOf(s))).not.toContain('the trap');
    s = step(s, line(true)).state;
    expect(frameOf(s).encounter.drawings).toEqual([
      {
        kind: 'line',
        points: POINTS,
        colour: '#ef476f',
      },
    ]);
    expect(JSON.stringify(frameOf(s))).not.toContain('drawing-');
  });
});
