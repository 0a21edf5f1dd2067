/**
 * The GM's sides (RULINGS T2): rename, recolour, a third side that rolls initiative
 * with the others, and a figure moved to it.
 */
import { describe, expect, it } from 'vitest';
import { encounter, fig, figOf, refusal, step } from '../fixtures';

describe('sides (RULINGS T2)', () => {
  it('renames and recolours a side, and logs both', () => {
    const r = step(encounter([]), { type: 'updateSide', sideId: 'a', name: ' The Party ', color: '#11aa22' });
    expect(r.state.sides[0]).toEqual({ id: 'a', name: 'The Party', color: '#11aa22' });
    expect(r.events).toEqual([
      { type: 'sideChanged', sideId: 'a', from: { name: 'Side A', color: '#2f6fd6' }, to: { name: 'The Party', color: '#11aa22' }, source: 'RULINGS T2' },
    ]);
  });

  it('refuses an empty name, a name another side has, and a side that is not there', () => {
    const s = encounter([]);
    expect(refusal(s, { type: 'updateSide', sideId: 'a', name: '  ' })).toMatch(/needs a name/);
    expect(refusal(s, { type: 'updateSide', sideId: 'a', name: 'side b' })).toMatch(/already a side called “Side B”/);
    expect(refusal(s, { type: 'updateSide', sideId: 'zz', name: 'X' })).toMatch(/no longer in this encounter/);
    expect(refusal(s, { type: 'addSide', name: 'Side A', color: '#000000' })).toMatch(/already/);
  });

  it('a third side gets a fresh id, takes figures, and rolls initiative with the others (T2: the rest follow in roll order)', () => {
    let s = encounter([fig('bram', 'a', 2, 2), fig('grak', 'b', 8, 2), fig('wolf', 'b', 12, 2)]);
    const added = step(s, { type: 'addSide', name: 'Wolves', color: '#888888' });
    expect(added.events).toEqual([{ type: 'sideAdded', sideId: 'side-3', name: 'Wolves', color: '#888888', source: 'RULINGS T2' }]);
    s = step(added.state, { type: 'updateFigure', figureId: 'wolf', changes: { sideId: 'side-3' } }).state;
    expect(figOf(s, 'wolf').sideId).toBe('side-3');
    const rolled = step(s, { type: 'rollInitiative' }, [[2], [5], [4]]);
    expect(rolled.state.turnState?.initiative?.rollOrder).toEqual(['b', 'side-3', 'a']);
  });

  it('a side added after the initiative was chosen moves last this turn (the console’s choice)', () => {
    let s = encounter([fig('bram', 'a', 2, 2), fig('grak', 'b', 8, 2)]);
    s = step(s, { type: 'rollInitiative' }, [[6], [3]]).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }).state;
    s = step(s, { type: 'addSide', name: 'Late', color: '#123456' }).state;
    expect(s.turnState?.initiative?.order).toEqual(['a', 'b', 'side-3']);
  });
});
