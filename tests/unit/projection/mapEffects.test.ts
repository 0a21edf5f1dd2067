/**
 * A spell's map effect in the views: the GM sees every effect and all its hexes; the players see
 * one only when the campaign's table shows it, and only its hexes out of fog; an effect the
 * players are not shown leaves their frame exactly as it would be without it.
 */
import { describe, expect, it } from 'vitest';
import type { EncounterState, FigureState } from '../../../src/main/engine/encounter/schema';
import { effectiveMap } from '../../../src/main/engine/map/effectiveMap';
import { rulesFor } from '../../../src/main/engine/options/rulesFor';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { frameOf } from '../../../src/main/projection/frame';
import { gmView } from '../../../src/main/session/gmView';
import type { Command } from '../../../src/shared/contract/commands';
import { hexKey } from '../../../src/shared/hex';
import type { SpellMapEffect } from '../../../src/shared/mapEffects';
import { GmViewSchema, PlayerViewSchema } from '../../../src/shared/contract/views';
import { encounter, fig, step, withActionOrder } from '../engine/encounter/fixtures';

const HISTORY = { canUndo: true, canRedo: false, logLength: 1 };
const BARRIER: Command = { type: 'castSpell', figureId: 'ilsa', spellId: 'elemental-barrier', variant: 'earth', targetHex: { q: 8, r: 5 } };

function cast(effect: SpellMapEffect): EncounterState {
  const ilsa: FigureState = fig('ilsa', 'a', 5, 5, { attributes: { INT: 15 }, mana: { pool: 12, current: 12, debt: 0 }, mastery: { 'elemental-barrier': 1 } });
  const grak = fig('grak', 'b', 12, 5, { facing: 3 });
  const state = withActionOrder(encounter([ilsa, grak], { phase: 'actions' }), ['ilsa', 'grak']);
  const rules = rulesFor({ ...DEFAULT_RULES, spellEdits: { 'elemental-barrier': { effect } } });
  return step(state, BARRIER, [[2, 3, 4]], rules).state;
}

const wall = (shown: boolean): SpellMapEffect => ({ kind: 'wall', shape: 'megahex', size: 0, shown });
const keys = (hexes: readonly { q: number; r: number }[] | undefined) => (hexes ?? []).map(hexKey).sort();
const SEVEN = ['7,5', '7,6', '8,4', '8,5', '8,6', '9,4', '9,5'].sort();

describe('a spell’s map effect in the views', () => {
  it('the GM view carries every hex of it', () => {
    const v = GmViewSchema.parse(gmView({ id: 'c', name: 'C' }, cast(wall(false)), HISTORY, 1));
    const spell = v.encounter.figures.find((f) => f.id === 'ilsa')?.spells[0];
    expect(spell?.effect?.kind).toBe('wall');
    expect(keys(spell?.effect?.hexes)).toEqual(SEVEN);
  });

  it('the players see a shown effect, without the hexes under fog', () => {
    const s = cast(wall(true));
    expect(keys(PlayerViewSchema.parse(frameOf(s)).encounter.magic.active[0]?.effect?.hexes)).toEqual(SEVEN);
    const fogged = { ...s, map: { ...s.map, hidden: ['9,4', '9,5'] } };
    expect(keys(frameOf(fogged).encounter.magic.active[0]?.effect?.hexes)).toEqual(SEVEN.filter((k) => k !== '9,4' && k !== '9,5'));
  });

  it('an effect the players are not shown leaves their frame as if it were not there, though it still blocks', () => {
    const s = cast(wall(false));
    expect(effectiveMap(s).isWall({ q: 8, r: 5 })).toBe(true);
    const without = { ...s, spells: s.spells.map(({ effect: _e, ...rest }) => rest) };
    expect(JSON.stringify(frameOf(s))).toBe(JSON.stringify(frameOf(without)));
  });
});
