/**
 * The effective map (engine/map/effectiveMap.ts): the painted terrain plus what the spells in
 * effect change. With no effect it is the terrain, hex for hex; a spell the campaign's table gives
 * a wall stops a placement and a missile, and goes when the spell goes; darkness is a shadow hex
 * for 001's modifiers and light takes a shadow away.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { reachable } from '../../../../src/main/engine/encounter/movement/reachable';
import { withHexAim } from '../../../../src/main/engine/encounter/magic/castSpell';
import { placementRefusal } from '../../../../src/main/engine/encounter/figures/placement';
import type { EncounterState, FigureState } from '../../../../src/main/engine/encounter/schema';
import { BODY, BROKEN, effectiveMap, FIRE, SHADOW, WALL } from '../../../../src/main/engine/map/effectiveMap';
import { rulesFor } from '../../../../src/main/engine/options/rulesFor';
import { DEFAULT_RULES } from '../../../../src/main/engine/rules';
import { MAP_EFFECT_KINDS, MAP_EFFECTS, type SpellMapEffect } from '../../../../src/shared/mapEffects';
import type { Command } from '../../../../src/shared/contract/commands';
import { hexKey, type Hex } from '../../../../src/shared/hex';
import { mapHexes } from '../../../../src/shared/mapGrid';
import { TerrainSchema } from '../../../../src/shared/contract/schemas';
import { encounter, fig, step, withActionOrder } from '../encounter/fixtures';

const FLAG = { open: 0, wall: WALL, broken: BROKEN, shadow: SHADOW, fire: FIRE, body: BODY } as const;

describe('with no effect in play the effective map is the terrain', () => {
  it('hex for hex, on any painted 12 × 10 map', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 119 }), fc.constantFrom(...TerrainSchema.options)), { maxLength: 60 }), (paint) => {
        const state = encounter([], { cols: 12, rows: 10 });
        const hexes = mapHexes(state.map);
        const terrain: Record<string, string> = {};
        for (const [i, kind] of paint) if (kind !== 'open') terrain[hexKey(hexes[i]!)] = kind;
        const painted = { ...state, map: { ...state.map, terrain } } as EncounterState;
        const map = effectiveMap(painted);
        for (const h of hexes) {
          const kind = (terrain[hexKey(h)] ?? 'open') as keyof typeof FLAG;
          expect(map.flagsAt(h)).toBe(FLAG[kind]);
          expect(map.isWall(h)).toBe(kind === 'wall');
          expect(map.blocksMovement(h)).toBe(kind === 'wall');
        }
        expect(map.blocksMovement({ q: -1, r: 0 })).toBe(true);
      }),
    );
  });

  it('is built once for a map and its spells, and spell lists with no map effect share it', () => {
    const state = encounter([]);
    expect(effectiveMap(state)).toBe(effectiveMap({ ...state }));
    expect(effectiveMap(state)).toBe(effectiveMap({ ...state, spells: [] }));
  });
});

/** Ilsa at 5,5 facing +q (her front: 6,5, 7,5 …) with Barrier and Light; Grak beyond; Tam with a crossbow. */
function corridor(extra: FigureState[] = []): EncounterState {
  const ilsa = fig('ilsa', 'a', 5, 5, {
    attributes: { INT: 15, DEX: 11 },
    mana: { pool: 12, current: 12, debt: 0 },
    mastery: { 'elemental-barrier': 1, 'passage-light': 1 },
  });
  const tam = fig('tam', 'a', 5, 7, { equipment: { weaponIds: ['light-crossbow'], readyWeaponId: 'light-crossbow' } });
  const grak = fig('grak', 'b', 10, 5, { facing: 3 });
  const figures = [ilsa, tam, grak, ...extra];
  return withActionOrder(
    encounter(figures, { phase: 'actions' }),
    figures.map((f) => f.id),
  );
}

const rulesWith = (effects: Record<string, SpellMapEffect>) =>
  rulesFor({ ...DEFAULT_RULES, spellEdits: Object.fromEntries(Object.entries(effects).map(([id, effect]) => [id, { effect }])) });

const barrier = (at: Hex): Command => ({ type: 'castSpell', figureId: 'ilsa', spellId: 'elemental-barrier', variant: 'earth', targetHex: at });
const light = (at: Hex): Command => ({ type: 'castSpell', figureId: 'ilsa', spellId: 'passage-light', targetHex: at });

describe('a spell the campaign gives a map effect changes the map while it lasts', () => {
  const wallRules = rulesWith({ 'elemental-barrier': { kind: 'wall', shape: 'megahex', size: 0, shown: true } });

  it('Barrier as a megahex of wall at 8,5: the seven hexes are walls, kept on the spell', () => {
    const cast = step(corridor(), barrier({ q: 8, r: 5 }), [[2, 3, 4]], wallRules).state;
    const spell = cast.spells.find((s) => s.spellId === 'elemental-barrier')!;
    expect(spell.effect?.kind).toBe('wall');
    expect(spell.effect?.hexes.map(hexKey).sort()).toEqual(['7,5', '7,6', '8,4', '8,5', '8,6', '9,4', '9,5'].sort());
    const map = effectiveMap(cast);
    for (const h of spell.effect!.hexes) expect(map.isWall(h)).toBe(true);
    expect(map.isWall({ q: 10, r: 5 })).toBe(false);
  });

  it('the cast preview at a hex carries the template: the hexes the wall would take there, none for a spell without an effect', () => {
    const state = corridor();
    const plain = { problems: [] as string[] };
    const aimed = withHexAim(plain, state, wallRules, 'ilsa', 'elemental-barrier', undefined, { q: 8, r: 5 });
    expect(aimed.effect?.kind).toBe('wall');
    expect(aimed.effect?.hexes.map(hexKey).sort()).toEqual(['7,5', '7,6', '8,4', '8,5', '8,6', '9,4', '9,5'].sort());
    expect(withHexAim(plain, state, wallRules, 'ilsa', 'passage-light', undefined, { q: 8, r: 5 }).effect).toBeNull();
    expect(withHexAim(plain, state, wallRules, 'ilsa', 'elemental-barrier', undefined, undefined).effect).toBeNull();
  });

  it('the wall refuses a placement and blocks the crossbow that had a clear line before', () => {
    const before = corridor();
    expect(attackPreview(before, 'tam', 'grak', 'light-crossbow', {}, { rules: wallRules }).allowed).toBe(true);
    const cast = step(before, barrier({ q: 8, r: 5 }), [[2, 3, 4]], wallRules).state;
    expect(placementRefusal(cast, { at: { q: 8, r: 5 }, facing: 0, size: 1, sideId: 'b' })).toBe('A wall stands there.');
    const shot = attackPreview(cast, 'tam', 'grak', 'light-crossbow', {}, { rules: wallRules });
    expect(shot.allowed).toBe(false);
    expect(shot.reason).toBe('A wall blocks the line of fire to Grak.');
  });

  it('the wall stops a move: Grak walks round it, and the hexes inside it are out of reach', () => {
    const before = corridor();
    const cast = step(before, barrier({ q: 8, r: 5 }), [[2, 3, 4]], wallRules).state;
    const reachBefore = reachable(before, 'grak', 'walk', { rules: wallRules });
    const reachAfter = reachable(cast, 'grak', 'walk', { rules: wallRules });
    const keys = (r: typeof reachAfter) => new Set(r.hexes.map((x) => hexKey(x.hex)));
    expect(keys(reachBefore).has('8,5')).toBe(true);
    expect(keys(reachAfter).has('8,5')).toBe(false);
    expect(keys(reachAfter).has('7,5')).toBe(false);
    const cost = (r: typeof reachAfter, k: string) => r.hexes.find((x) => hexKey(x.hex) === k)?.cost;
    // 6,5 is four hexes from Grak in the open; round the barrier it is further or out of a walk.
    expect(cost(reachBefore, '6,5')).toBe(4);
    expect(cost(reachAfter, '6,5') ?? Infinity).toBeGreaterThan(4);
  });

  it('a wall is not raised in a hex a figure stands in; the spell gone, the map is the terrain again', () => {
    const bram = fig('bram', 'a', 8, 6);
    const cast = step(corridor([bram]), barrier({ q: 8, r: 5 }), [[2, 3, 4]], wallRules).state;
    const map = effectiveMap(cast);
    expect(map.isWall({ q: 8, r: 6 })).toBe(false);
    expect(map.isWall({ q: 8, r: 5 })).toBe(true);
    expect(effectiveMap({ ...cast, spells: [] }).isWall({ q: 8, r: 5 })).toBe(false);
  });

  it.each(MAP_EFFECT_KINDS)('%s does to movement and sight what its row in shared/mapEffects.ts says', (kind) => {
    const rules = rulesWith({ 'passage-light': { kind, shape: 'hex', size: 0, shown: true } });
    const at = { q: 8, r: 5 };
    const map = effectiveMap(step(corridor(), light(at), [[2, 3, 4]], rules).state);
    expect({ movement: map.blocksMovement(at), sight: map.blocksSight(at) }).toEqual({
      movement: MAP_EFFECTS[kind].blocksMovement,
      sight: MAP_EFFECTS[kind].blocksSight,
    });
  });

  it('darkness makes a shadow hex for 001 §Target Conditions; light over painted shadow takes it away', () => {
    const dark = rulesWith({ 'passage-light': { kind: 'darkness', shape: 'hex', size: 0, shown: true } });
    const lit = rulesWith({ 'passage-light': { kind: 'light', shape: 'radius', size: 1, shown: true } });
    const labels = (s: EncounterState, rules: ReturnType<typeof rulesFor>) =>
      attackPreview(s, 'tam', 'grak', 'light-crossbow', {}, { rules }).adjDex.breakdown.map((l) => l.label);

    expect(labels(corridor(), dark)).not.toContain('Target is in a shadow hex');
    const darkened = step(corridor(), light({ q: 10, r: 5 }), [[2, 3, 4]], dark).state;
    expect(effectiveMap(darkened).isShadow({ q: 10, r: 5 })).toBe(true);
    expect(labels(darkened, dark)).toContain('Target is in a shadow hex');

    const shaded = corridor();
    const painted = { ...shaded, map: { ...shaded.map, terrain: { '10,5': 'shadow' as const } } };
    expect(labels(painted, lit)).toContain('Target is in a shadow hex');
    const lighted = step(painted, light({ q: 9, r: 5 }), [[2, 3, 4]], lit).state;
    expect(lighted.spells[0]?.effect?.hexes).toHaveLength(7);
    expect(effectiveMap(lighted).isShadow({ q: 10, r: 5 })).toBe(false);
    expect(labels(lighted, lit)).not.toContain('Target is in a shadow hex');
  });
});
