/**
 * The GM's own conditions on figures (engine/encounter/figures/figureMarks.ts) and every state a token
 * shows (tokenConditions.ts): put on and taken off as logged commands, counted down at each turn's
 * end, and what the players could see of each.
 */
import { describe, expect, it } from 'vitest';
import { hexNeighbor } from '../../../../../src/shared/hex';
import { isEngaged } from '../../../../../src/main/engine/encounter/movement/engagement';
import { rulesChangeRefusal } from '../../../../../src/main/engine/encounter/turn/startRules';
import { tokenConditions } from '../../../../../src/main/engine/encounter/figures/tokenConditions';
import { asRuleSet } from '../../../../../src/main/engine/options/rulesFor';
import { DEFAULT_RULES } from '../../../../../src/main/engine/rules';
import type { Command } from '../../../../../src/shared/contract/commands';
import { encounter, fig, figOf, refusal, step } from '../fixtures';

const base = () => encounter([fig('bram', 'a', 2, 2), fig('foe', 'b', 10, 2)]);
const mark = (label: string, turns: number | null, shown = true): Command => ({ type: 'markFigure', figureId: 'bram', label, turns, shown });

describe('the GM’s conditions (console’s choice)', () => {
  it('are put on with their turns and whether the players see them, each its own id, and logged', () => {
    let s = base();
    const r = step(s, mark('Stunned', 2));
    expect(figOf(r.state, 'bram').marks).toEqual([{ id: 'mark-1', label: 'Stunned', turnsLeft: 2, shown: true }]);
    expect(r.events).toEqual([expect.objectContaining({ type: 'conditionChanged', figureId: 'bram', condition: 'Stunned', on: true })]);
    s = step(r.state, mark('  Cursed ', null, false)).state;
    expect(figOf(s, 'bram').marks).toEqual([
      { id: 'mark-1', label: 'Stunned', turnsLeft: 2, shown: true },
      { id: 'mark-2', label: 'Cursed', turnsLeft: null, shown: false },
    ]);
    expect(figOf(s, 'foe').marks).toBeUndefined();
  });

  it('refuses the same label twice, a thirteenth condition, and taking off one the figure does not have', () => {
    let s = step(base(), mark('Stunned', 2)).state;
    expect(refusal(s, mark('stunned', 1))).toMatch(/already has “stunned”/);
    for (let i = 2; i <= 12; i++) s = step(s, mark(`C${i}`, null)).state;
    expect(refusal(s, mark('One more', null))).toMatch(/12 conditions/);
    expect(refusal(s, { type: 'unmarkFigure', figureId: 'bram', markId: 'mark-99' })).toMatch(/no such condition/);
  });

  it('taken off, leave a figure as it was before (no empty list is stored)', () => {
    const before = base();
    const on = step(before, mark('Stunned', 2)).state;
    const off = step(on, { type: 'unmarkFigure', figureId: 'bram', markId: 'mark-1' });
    expect(off.events).toEqual([expect.objectContaining({ type: 'conditionChanged', condition: 'Stunned', on: false })]);
    expect(figOf(off.state, 'bram')).toEqual(figOf(before, 'bram'));
  });

  it('lose a turn as each turn ends; one at its last turn comes off; one without turns stays', () => {
    let s = encounter([fig('bram', 'a', 2, 2), fig('foe', 'b', 10, 2)], { phase: 'forcedRetreat' });
    s = step(s, mark('Stunned', 2)).state;
    s = step(s, mark('Dazed', 1)).state;
    s = step(s, mark('Cursed', null)).state;
    const r = step(s, { type: 'advancePhase' });
    expect(r.state.turn).toBe(2);
    expect(figOf(r.state, 'bram').marks).toEqual([
      { id: 'mark-1', label: 'Stunned', turnsLeft: 1, shown: true },
      { id: 'mark-3', label: 'Cursed', turnsLeft: null, shown: true },
    ]);
    const ended = r.events.filter((e) => e.type === 'conditionChanged');
    expect(ended).toEqual([expect.objectContaining({ figureId: 'bram', condition: 'Dazed', on: false, source: expect.stringMatching(/turns ran out/) })]);
  });

  it('are setting up, not play: the encounter’s rules may still change after them', () => {
    const s = step(base(), mark('Stunned', 2)).state;
    expect(rulesChangeRefusal(s, [mark('Stunned', 2), { type: 'unmarkFigure', figureId: 'bram', markId: 'mark-1' }])).toBeNull();
  });
});

describe('the states a token shows', () => {
  const stats = asRuleSet(DEFAULT_RULES).stats;

  it('the rules’ states, with what the players see: posture, bleeding, flight yes; a dodge, invisibility, the injury no', () => {
    const bram = fig('bram', 'a', 2, 2, {
      posture: 'kneeling',
      conditions: ['bleeding', 'invisible', 'flying'],
      body: { starting: 34, current: 4 },
      marks: [{ id: 'mark-1', label: 'Stunned', turnsLeft: 2, shown: true }],
    });
    const s = encounter([{ ...bram, turn: { ...bram.turn, defence: 'dodge' } }]);
    expect(tokenConditions(s, figOf(s, 'bram'), { stats })).toEqual([
      { label: 'Kneeling', kind: 'rule', seen: true },
      { label: 'Dodging', kind: 'rule', seen: false },
      { label: 'Bleeding', kind: 'rule', seen: true },
      { label: 'Flying', kind: 'rule', seen: true },
      { label: 'Invisible', kind: 'rule', seen: false },
      { label: 'Hurt −2', kind: 'rule', seen: false },
      { label: 'Stunned', kind: 'mark', seen: true, markId: 'mark-1', turnsLeft: 2 },
    ]);
    // Without the stat model (the players' frames) there is no injury line at all.
    expect(tokenConditions(s, figOf(s, 'bram')).map((c) => c.label)).not.toContain('Hurt −2');
  });

  it('engaged only by a foe the audience sees: a hidden foe beside Bram is not told by his token', () => {
    const at = { q: 5, r: 5 };
    const side = 0;
    const foeAt = hexNeighbor(at, side);
    const s = encounter([
      fig('bram', 'a', at.q, at.r),
      fig('foe', 'b', foeAt.q, foeAt.r, { facing: (side + 3) % 6, hidden: true, equipment: { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' } }),
    ]);
    expect(isEngaged(s, figOf(s, 'bram'))).toBe(true);
    expect(tokenConditions(s, figOf(s, 'bram')).map((c) => c.label)).toEqual(['Engaged']);
    expect(tokenConditions(s, figOf(s, 'bram'), { sees: (id) => id === 'bram' })).toEqual([]);
    expect(tokenConditions(s, figOf(s, 'bram'), { sees: () => true }).map((c) => c.label)).toEqual(['Engaged']);
  });

  it('in hand-to-hand with a figure the audience sees; the dead show only that they are dead', () => {
    const s = encounter([
      fig('bram', 'a', 2, 2, { hthWith: ['foe'] }),
      fig('foe', 'b', 2, 2, { hthWith: ['bram'] }),
      fig('gone', 'b', 8, 8, { posture: 'dead', conditions: ['bleeding'] }),
    ]);
    expect(tokenConditions(s, figOf(s, 'bram')).map((c) => c.label)).toEqual(['In HTH']);
    expect(tokenConditions(s, figOf(s, 'bram'), { sees: (id) => id !== 'foe' })).toEqual([]);
    expect(tokenConditions(s, figOf(s, 'gone'), { stats })).toEqual([{ label: 'Dead', kind: 'rule', seen: true }]);
  });
});
