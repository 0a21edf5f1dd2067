/**
 * RULINGS H9 (001 gear, 003 horseback) and T5: a rider's options follow its mount's gait, the
 * mount pays the movement Fatigue, the pair stops when either is engaged, a mount acts with its
 * rider, and a rider whose mount falls is placed prone beside it, the GM choosing where.
 */
import { describe, expect, it } from 'vitest';
import { optionRefusal } from '../../../../src/main/engine/encounter/turn/options';
import { turnGait } from '../../../../src/main/engine/encounter/movement/turnGait';
import { reachable } from '../../../../src/main/engine/encounter/movement/reachable';
import { previewDrop } from '../../../../src/main/engine/encounter/movement/dropPreview';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { underRules } from '../options/underRules';
import { encounter, fig, figOf, refusal, step, withActionOrder, withMoveOrder } from './fixtures';

// A horse: 3 hexes; STR 18 (+5), CON 16 (+3), DEX 12 (0): movement modifier +8 (RULINGS C1, M1) —
// Walk 12, Jog 15, Run 20, Sprint 26. Ann on foot: all 10s, modifier 0 — Walk 4, Jog 7, Run 12, Sprint 18.
const horse = (extra: Parameters<typeof fig>[4] = {}) => fig('horse', 'a', 5, 5, { size: 3, attributes: { STR: 18, CON: 16, DEX: 12 }, ...extra });
const broadsword = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };

/** Ann mounted on the horse (anchored at 5,5 facing 0: it covers 5,5 · 4,5 · 5,4), in `phase`. */
function mounted(others: Parameters<typeof encounter>[0] = [], phase: EncounterState['phase'] = 'initialMovement', cols = 30): EncounterState {
  const s = encounter([fig('ann', 'a', 6, 5, { equipment: broadsword }), horse(), ...others], { cols });
  const on = step(s, { type: 'mount', figureId: 'ann', mountId: 'horse' }).state;
  return withMoveOrder({ ...on, phase }, ['ann', 'horse', ...others.map((o) => o.id)]);
}

describe("a rider's options follow its mount's gait (RULINGS H9, T5)", () => {
  // The orc at 16,5 faces west: its front hexes are 15,5 · 15,6 · 16,4, so the pair stops at 15,5
  // with Ann in front of it: 10 hexes from 5,5.
  const orc = () => fig('orc', 'b', 16, 5, { facing: 3, equipment: broadsword });
  const toActions = (s: EncounterState) => withActionOrder({ ...s, phase: 'actions' }, ['ann', 'horse', 'orc']);

  it('10 hexes on a horse whose Walk is 12 is a walk: the charge (b, at most Jog) is open, though 10 is a Run on Ann’s own legs (Jog 7 < 10 ≤ Run 12)', () => {
    const r = step(mounted([orc()]), { type: 'move', figureId: 'ann', mode: 'run', to: { q: 15, r: 5 } });
    const s = toActions(r.state);
    expect(figOf(s, 'ann').turn).toMatchObject({ mode: 'run', spent: 10, gait: 'walk' });
    expect(turnGait(figOf(s, 'ann'))).toBe('walk');
    expect(optionRefusal(s, figOf(s, 'ann'), 'b')).toBeNull();
  });

  it('the same drag with no gait named gives the same gait and the same options', () => {
    const r = step(mounted([orc()]), { type: 'move', figureId: 'ann', to: { q: 15, r: 5 } });
    const s = toActions(r.state);
    expect(figOf(s, 'ann').turn).toMatchObject({ mode: 'walk', spent: 10, gait: 'walk' });
    expect(optionRefusal(s, figOf(s, 'ann'), 'b')).toBeNull();
  });

  it('16 hexes is a Run on the horse (Jog 15 < 16 ≤ Run 20): the charge is closed', () => {
    const r = step(mounted([fig('orc', 'b', 22, 5, { facing: 3, equipment: broadsword })]), { type: 'move', figureId: 'ann', to: { q: 21, r: 5 } });
    const s = withActionOrder({ ...r.state, phase: 'actions' }, ['ann', 'horse', 'orc']);
    expect(turnGait(figOf(s, 'ann'))).toBe('run');
    expect(optionRefusal(s, figOf(s, 'ann'), 'b')).toBe('Ann moved at run; Charge attack (b) allows at most jog (001 §Action Options).');
  });

  it("the drag's preview shows the horse's path, gait and Fatigue", () => {
    const p = previewDrop(mounted([orc()]), { type: 'move', figureId: 'ann', to: { q: 15, r: 5 } });
    expect(p).toMatchObject({ ok: true, cost: 10, mode: 'walk', gait: 'Walk (12 hexes)', fatigue: 0 });
    expect(p.path).toHaveLength(11);
  });
});

describe('T5 counts movement spent: a broken-ground hex counts 2 (RULINGS T5, M7)', () => {
  // Bea (modifier 0: Walk 4, Jog 7) walks 4 hexes along row 5, one of them broken ground: 5 spent.
  const path = [
    { q: 2, r: 5 },
    { q: 3, r: 5 },
    { q: 4, r: 5 },
    { q: 5, r: 5 },
  ];
  const walked = (terrain: Record<string, string>) => {
    const s = withMoveOrder(encounter([fig('bea', 'a', 1, 5, { equipment: broadsword })], { phase: 'initialMovement', terrain }), ['bea']);
    const r = step(s, { type: 'move', figureId: 'bea', mode: 'run', to: { q: 5, r: 5 }, path });
    return withActionOrder({ ...r.state, phase: 'actions' }, ['bea']);
  };

  it('4 hexes with one broken: 1 + 2 + 1 + 1 = 5 spent, more than Walk 4, so a Jog: Ready weapon (e, at most Walk) is closed', () => {
    const s = walked({ '3,5': 'broken' });
    expect(figOf(s, 'bea').turn.spent).toBe(5);
    expect(turnGait(figOf(s, 'bea'))).toBe('jog');
    expect(optionRefusal(s, figOf(s, 'bea'), 'e')).toBe('Bea moved 5 hexes, a jog (RULINGS T5); Ready weapon (e) allows at most walk (001 §Action Options).');
  });

  it('the same 4 hexes on open ground: 4 spent, a Walk, and Ready weapon is open', () => {
    const s = walked({});
    expect(turnGait(figOf(s, 'bea'))).toBe('walk');
    expect(optionRefusal(s, figOf(s, 'bea'), 'e')).toBeNull();
  });
});

describe('the mount pays the movement Fatigue (RULINGS H9, M3)', () => {
  it('18 hexes: a Run for the horse (Jog 15 < 18 ≤ Run 20), 1 Fatigue from the horse; Ann, who did not run, pays none', () => {
    const s = mounted();
    const r = step(s, { type: 'move', figureId: 'ann', to: { q: 23, r: 5 } });
    expect(figOf(r.state, 'horse').fatigue.current).toBe(49);
    // On her own legs 18 hexes is a Sprint (Run 12 < 18 ≤ 18): she would have paid 6.
    expect(figOf(r.state, 'ann').fatigue.current).toBe(50);
    expect(r.events.filter((e) => e.type === 'fatigueSpent').map((e) => e.type === 'fatigueSpent' && `${e.figureId} ${e.amount}`)).toEqual(['horse 1']);
  });
});

describe('the pair stops when either is engaged (RULINGS H9, M5, M6)', () => {
  // One armed orc at 12,5 faces west: its front hexes are 11,5 · 11,6 · 12,4. One one-hex foe does
  // not engage a 3-hex horse (M6: it needs 2), but it engages Ann, sitting in the horse's front hex.
  const orc = () => fig('orc', 'b', 12, 5, { facing: 3, equipment: broadsword });
  const path = [6, 7, 8, 9, 10, 11, 12].map((q) => ({ q, r: 5 })).slice(0, 7);

  it('ridden, the horse stops where Ann comes into the orc’s front hex', () => {
    const s = mounted([orc()]);
    const reach = reachable(s, 'ann', 'walk');
    expect(reach.hexes.find((h) => h.hex.q === 11 && h.hex.r === 5)?.engaged).toBe(true);
    // A path on past 11,5 is refused: the pair had to stop there.
    const on = path.slice(0, 6).concat({ q: 11, r: 6 });
    expect(refusal(s, { type: 'move', figureId: 'ann', to: { q: 11, r: 6 }, path: on })).toBe('Horse became engaged and had to stop (RULINGS M5).');
    const r = step(s, { type: 'move', figureId: 'ann', to: { q: 11, r: 5 } });
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ engaged: true });
  });

  it('riderless, the same horse walks past: one one-hex foe does not hold it (M6)', () => {
    const s = withMoveOrder(encounter([horse(), orc()], { phase: 'initialMovement', cols: 30 }), ['horse', 'orc']);
    expect(reachable(s, 'horse', 'walk').hexes.find((h) => h.hex.q === 11 && h.hex.r === 5)?.engaged).toBe(false);
  });
});

describe('a rider in hand-to-hand stays where the fight is (RULINGS H9, H1; found by the soak)', () => {
  // The orc has come into Ann's hex, 5,5 (the horse's front hex), in hand-to-hand with her.
  const inHth = () => {
    const s = mounted();
    const orc = fig('orc', 'b', 5, 5, { facing: 3, equipment: broadsword, hthWith: ['ann'] });
    return withMoveOrder({ ...s, figures: [...s.figures.map((f) => (f.id === 'ann' ? { ...f, hthWith: ['orc'] } : f)), orc] }, ['ann', 'horse', 'orc']);
  };

  it('she cannot get down: that would leave the orc in her hex alone', () => {
    expect(refusal(inHth(), { type: 'dismount', figureId: 'ann' })).toMatch(/Ann is in hand-to-hand combat/);
  });

  it('the horse cannot carry her off, whether her move or its own is dragged', () => {
    expect(refusal(inHth(), { type: 'move', figureId: 'ann', mode: 'walk', to: { q: 8, r: 5 } })).toMatch(/Ann is in hand-to-hand combat/);
    expect(refusal(inHth(), { type: 'move', figureId: 'horse', mode: 'walk', to: { q: 8, r: 5 } })).toMatch(/Ann is in hand-to-hand combat/);
  });

  it('when the horse falls she lies prone beside it and the orc comes with her: the fight stays in one hex; the GM’s pick moves both', () => {
    const fell = step(inHth(), { type: 'setPosture', figureId: 'horse', posture: 'dead' }).state;
    const ann = figOf(fell, 'ann');
    expect(ann).toMatchObject({ posture: 'prone', hthWith: ['orc'] });
    expect(ann.ridingId).toBeUndefined();
    expect(figOf(fell, 'orc').position).toEqual(ann.position);
    const other = fell.fallenRiders![0]!.hexes.find((h) => h.q !== ann.position.q || h.r !== ann.position.r)!;
    const picked = step(fell, { type: 'placeFallenRider', figureId: 'ann', to: other }).state;
    expect(figOf(picked, 'ann').position).toEqual(other);
    expect(figOf(picked, 'orc').position).toEqual(other);
  });
});

describe('a mount acts with its rider: no initiative, no place of its own (RULINGS H9)', () => {
  // Ben (side b) DEX 14, the horse DEX 12, Ann DEX 10: by adjDEX alone the horse would act before Ann.
  const ben = () => fig('ben', 'b', 15, 5, { attributes: { DEX: 14 } });

  it('movement: the horse moves right after Ann, in her place, not by its own adjDEX', () => {
    const s = mounted([ben()], 'renewSpells');
    const settled: EncounterState = {
      ...s,
      turnState: { ...turnStateOf(s), initiative: { rolls: [], rollOrder: ['a', 'b'], order: ['a', 'b'], chosen: true } },
    };
    const r = step(settled, { type: 'advancePhase' });
    expect(turnStateOf(r.state).moveOrder).toEqual(['ann', 'horse', 'ben']);
  });

  it('actions: the order is Ben 14, then Ann 10 with her horse after her', () => {
    const s = mounted([ben()], 'finalMovement');
    const r = step(s, { type: 'advancePhase', override: true });
    expect(turnStateOf(r.state).actionOrder).toEqual(['ben', 'ann', 'horse']);
  });

  it('per-character initiative (RULINGS O2): Ann and Ben roll 1d20 each; the horse rolls none and moves after Ann', () => {
    const O2 = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, perCharacterInitiative: true } });
    const { run } = underRules(O2);
    const s = { ...mounted([ben()]), phase: 'initiative' as const, turnState: undefined };
    // Ann 7, Ben 15: Ben first.
    const r = run(s, { type: 'rollInitiative' }, [[7], [15]]);
    expect(turnStateOf(r.state).initiative!.order).toEqual(['ben', 'ann']);
    const moving = run(run(r.state, { type: 'advancePhase' }).state, { type: 'advancePhase' }).state;
    expect(moving.phase).toBe('movement');
    expect(turnStateOf(moving).moveOrder).toEqual(['ben', 'ann', 'horse']);
  });

  it('a rider who yields yields for the pair', () => {
    const r = step(mounted(), { type: 'yieldMove', figureId: 'ann' });
    expect([figOf(r.state, 'ann').turn.yielded, figOf(r.state, 'horse').turn.yielded]).toEqual([true, true]);
  });
});

describe('a rider whose mount falls is placed prone beside it, the GM choosing where (RULINGS H9)', () => {
  // Beside the horse (5,5 · 4,5 · 5,4, facing 0), going round from its facing: 6,5 first.
  const fallen = (posture: 'dead' | 'unconscious') => step(mounted([], 'actions'), { type: 'setPosture', figureId: 'horse', posture } as never);

  it('the horse dies: Ann is off it, prone, in the first free hex beside it, and the GM may pick another', () => {
    const r = fallen('dead');
    const ann = figOf(r.state, 'ann');
    expect(ann.ridingId).toBeUndefined();
    expect(ann.posture).toBe('prone');
    expect(ann.position).toEqual({ q: 6, r: 5 });
    const pick = r.state.fallenRiders?.[0];
    expect(pick).toMatchObject({ riderId: 'ann', mountId: 'horse', at: { q: 6, r: 5 } });
    expect(pick!.hexes.map((h) => `${h.q},${h.r}`)).toEqual(['6,5', '5,6', '4,6', '6,4', '3,6', '3,5', '4,4', '5,3', '6,3']);
    expect(r.events.filter((e) => e.type === 'postureChanged' && e.figureId === 'ann')).toHaveLength(1);
    // The GM picks 3,5, behind the horse.
    const placed = step(r.state, { type: 'placeFallenRider', figureId: 'ann', to: { q: 3, r: 5 } });
    expect(figOf(placed.state, 'ann').position).toEqual({ q: 3, r: 5 });
    expect(figOf(placed.state, 'ann').posture).toBe('prone');
    expect(placed.state.fallenRiders).toBeUndefined();
    expect(refusal(placed.state, { type: 'placeFallenRider', figureId: 'ann', to: { q: 6, r: 5 } })).toMatch(/^Ann is not waiting to be placed/);
  });

  it('unconscious counts as fallen too; a hex not beside the horse is refused', () => {
    const r = fallen('unconscious');
    expect(figOf(r.state, 'ann')).toMatchObject({ posture: 'prone', position: { q: 6, r: 5 } });
    expect(refusal(r.state, { type: 'placeFallenRider', figureId: 'ann', to: { q: 9, r: 9 } })).toBe(
      'That hex is not one of the free hexes beside Horse where Ann fell.',
    );
  });

  it('the pick lapses when the phase ends: Ann stays where she fell', () => {
    const r = fallen('dead');
    const next = step(r.state, { type: 'advancePhase', override: true }).state;
    expect(next.fallenRiders).toBeUndefined();
    expect(figOf(next, 'ann').position).toEqual({ q: 6, r: 5 });
  });
});
