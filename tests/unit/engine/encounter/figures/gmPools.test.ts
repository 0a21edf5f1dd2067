/**
 * The GM's manual damage, healing and typed pools: the points land where the GM
 * says, armour stops what it stops (001 §Protection), the injury band and unconsciousness follow
 * (RULINGS C4), survival saves follow at the end of the turn (RULINGS C5), and the log replays.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../../../../src/main/engine/encounter/apply';
import { createEnteredDice } from '../../../../../src/main/engine/dice/entered';
import type { EncounterState } from '../../../../../src/main/engine/encounter/schema';
import type { Command } from '../../../../../src/shared/contract/commands';
import { encounter, fig, figOf, refusal, step } from '../fixtures';

const base = () => encounter([fig('bram', 'a', 2, 2, { equipment: { armorId: 'leather-armor' } }), fig('foe', 'b', 10, 2)]);

describe('takeDamage (001 §Fatigue Points, §Body Points, §Protection)', () => {
  it('takes N off Fatigue only, off Body only, or off both, and logs before and after', () => {
    let s = base();
    const r = step(s, { type: 'takeDamage', figureId: 'bram', amount: 5, to: 'fatigue', armour: false, cause: 'fall' });
    expect(figOf(r.state, 'bram').fatigue.current).toBe(45);
    expect(figOf(r.state, 'bram').body.current).toBe(34);
    expect(r.events).toEqual([
      expect.objectContaining({
        type: 'poolsChanged',
        figureId: 'bram',
        how: 'damage',
        cause: 'fall',
        stopped: 0,
        fatigueBefore: 50,
        fatigueAfter: 45,
        bodyBefore: 34,
        bodyAfter: 34,
      }),
    ]);
    s = r.state;
    s = step(s, { type: 'takeDamage', figureId: 'bram', amount: 4, to: 'body', armour: false }).state;
    expect([figOf(s, 'bram').fatigue.current, figOf(s, 'bram').body.current]).toEqual([45, 30]);
    s = step(s, { type: 'takeDamage', figureId: 'bram', amount: 3, to: 'both', armour: false }).state;
    expect([figOf(s, 'bram').fatigue.current, figOf(s, 'bram').body.current]).toEqual([42, 27]);
  });

  it('with armour, leather armour stops 2 of 5 (001 §Protection); it cannot stop more than was dealt', () => {
    const r = step(base(), { type: 'takeDamage', figureId: 'bram', amount: 5, to: 'both', armour: true, cause: 'fire' });
    expect(figOf(r.state, 'bram').fatigue.current).toBe(47);
    expect(figOf(r.state, 'bram').body.current).toBe(31);
    expect(r.events[0]).toMatchObject({ stopped: 2 });
    const small = step(base(), { type: 'takeDamage', figureId: 'bram', amount: 1, to: 'fatigue', armour: true });
    expect(figOf(small.state, 'bram').fatigue.current).toBe(50);
    expect(small.events[0]).toMatchObject({ stopped: 1 });
  });

  it('Fatigue to 0 or less puts the figure down unconscious (001 §Fatigue Points; RULINGS C4)', () => {
    const r = step(base(), { type: 'takeDamage', figureId: 'bram', amount: 50, to: 'fatigue', armour: false });
    expect(figOf(r.state, 'bram').posture).toBe('unconscious');
    expect(r.events.map((e) => e.type)).toEqual(['poolsChanged', 'postureChanged']);
  });

  it('a dead figure takes no damage: the GM is told to undo instead', () => {
    const s = encounter([fig('gone', 'a', 2, 2, { posture: 'dead' })]);
    expect(refusal(s, { type: 'takeDamage', figureId: 'gone', amount: 3, to: 'both', armour: false })).toMatch(/Gone is dead/);
  });

  it('damage to −½ Body makes the end of the turn roll a survival save (RULINGS C5)', () => {
    // Body 34: saves from −17. Manual damage takes Body from 0 to −17.
    let s = encounter([
      fig('hurt', 'a', 2, 2, { body: { starting: 34, current: 0 }, fatigue: { starting: 50, current: -1 }, posture: 'unconscious' }),
      fig('foe', 'b', 10, 2),
    ]);
    s = step(s, { type: 'takeDamage', figureId: 'hurt', amount: 17, to: 'body', armour: false, cause: 'poison' }).state;
    s = step(s, { type: 'rollInitiative' }, [[6], [3]]).state;
    s = step(s, { type: 'chooseInitiative', sideId: 'a', moveFirst: true }).state;
    for (let i = 0; i < 5; i++) s = step(s, { type: 'advancePhase', override: true }).state;
    const end = step(s, { type: 'advancePhase', override: true }, [[6, 6, 6]]);
    expect(end.events.filter((e) => e.type === 'check')).toMatchObject([{ purpose: 'survival save', target: 10, roll: 18, success: false }]);
    expect(figOf(end.state, 'hurt').posture).toBe('dead');
  });
});

describe('heal and setPools (RULINGS C3, C4, C5)', () => {
  it('heals up to the starting value, never above', () => {
    let s = step(base(), { type: 'takeDamage', figureId: 'bram', amount: 6, to: 'both', armour: false }).state;
    s = step(s, { type: 'heal', figureId: 'bram', fatigue: 10, body: 2, cause: 'potion' }).state;
    expect([figOf(s, 'bram').fatigue.current, figOf(s, 'bram').body.current]).toEqual([50, 30]);
  });

  it('healing an unconscious figure above 0 Fatigue wakes it lying prone (the console’s choice)', () => {
    let s = step(base(), { type: 'takeDamage', figureId: 'bram', amount: 52, to: 'fatigue', armour: false }).state;
    expect(figOf(s, 'bram').posture).toBe('unconscious');
    const r = step(s, { type: 'heal', figureId: 'bram', fatigue: 5 });
    s = r.state;
    expect(figOf(s, 'bram').fatigue.current).toBe(3);
    expect(figOf(s, 'bram').posture).toBe('prone');
    expect(r.events.map((e) => e.type)).toEqual(['poolsChanged', 'postureChanged']);
  });

  it('healing nothing is refused with a reason', () => {
    expect(refusal(base(), { type: 'heal', figureId: 'bram', fatigue: 0 })).toMatch(/how many/);
  });

  it('sets a pool outright, below zero too, but never above its starting value', () => {
    const r = step(base(), { type: 'setPools', figureId: 'bram', fatigue: -3, cause: 'correction' });
    expect(figOf(r.state, 'bram').fatigue.current).toBe(-3);
    expect(figOf(r.state, 'bram').posture).toBe('unconscious');
    expect(refusal(base(), { type: 'setPools', figureId: 'bram', body: 35 })).toMatch(/Bram’s Body cannot be above its starting value 34/);
    expect(refusal(base(), { type: 'setPools', figureId: 'bram' })).toMatch(/Fatigue or Body/);
  });

  it('replays the same commands to the same state (deterministic: no dice)', () => {
    const commands: Command[] = [
      { type: 'takeDamage', figureId: 'bram', amount: 7, to: 'both', armour: true, cause: 'fall' },
      { type: 'heal', figureId: 'bram', body: 2 },
      { type: 'setPools', figureId: 'foe', fatigue: 12 },
    ];
    const run = (): EncounterState => commands.reduce((s, c) => apply(s, c, createEnteredDice([])).state, base());
    expect(run()).toEqual(run());
    const s = run();
    expect([figOf(s, 'bram').fatigue.current, figOf(s, 'bram').body.current, figOf(s, 'foe').fatigue.current]).toEqual([45, 31, 12]);
  });
});
