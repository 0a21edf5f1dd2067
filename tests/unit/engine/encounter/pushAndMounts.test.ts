/**
 * Multi-hex figures pushing smaller ones back as they move (004
 * §Engagement), and riders on mounts (001 §Pole Weapons "Mounted only"; 003 §Initiative
 * Modifiers Table; RULINGS O4). Exact hexes, ST sums and totals.
 */
import { describe, expect, it } from 'vitest';
import { attackPreview } from '../../../../src/main/engine/encounter/actions/attack';
import { retreatHexes } from '../../../../src/main/engine/encounter/turn/retreatHexes';
import { reachable } from '../../../../src/main/engine/encounter/movement/reachable';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor, type RuleSet } from '../../../../src/main/engine/rules';
import { gmSentence } from '../../../../src/main/session/recapSentences';
import { underRules } from '../options/underRules';
import { encounter, fig, figOf, refusal, step, withActionOrder, withMoveOrder } from './fixtures';

const armed = { weaponIds: ['broadsword'], readyWeaponId: 'broadsword' };
const moving = (figures: Parameters<typeof encounter>[0], terrain: Record<string, string> = {}): EncounterState =>
  withMoveOrder(
    encounter(figures, { phase: 'initialMovement', terrain }),
    figures.map((f) => f.id),
  );
const at = (s: EncounterState, id: string) => `${figOf(s, id).position.q},${figOf(s, id).position.r}`;

describe('multi-hex figures push smaller figures back (004 §Engagement)', () => {
  // The giant (7 hexes) at 5,5 covers 5,5 and its six neighbours; walking east (direction 0) to
  // 7,5 its body first covers 8,5 on the second step.
  const giant = (str = 20) => fig('giant', 'a', 5, 5, { size: 7, attributes: { STR: str } });

  it('a drag onto a one-hex figure pushes it 1 hex on, away from the pusher; logged with its source', () => {
    const r = step(moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: 8 } })]), { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } });
    expect(at(r.state, 'giant')).toBe('7,5');
    expect(at(r.state, 'imp')).toBe('9,5');
    const pushed = r.events.find((e) => e.type === 'pushed');
    expect(pushed).toEqual({
      type: 'pushed',
      figureId: 'giant',
      targetId: 'imp',
      from: { q: 8, r: 5 },
      to: { q: 9, r: 5 },
      advanced: false,
      source: '004 §Engagement; RULINGS H8',
    });
    // The GM's recap says where it went.
    expect(gmSentence(pushed as never, (id) => figOf(r.state, id).name)).toBe('Giant pushed Imp back to (9, 5).');
    // The giant's own move: 2 hexes, the slowest gait that covers them (RULINGS T5).
    expect(figOf(r.state, 'giant').turn.spent).toBe(2);
    expect(turnStateOf(r.state).moveDone).toEqual(['giant']);
  });

  it('the smaller figures pushed together must have less combined ST than the pusher: 9 + 10 < 20 pushes, 10 + 10 = 20 does not', () => {
    const two = (a: number, b: number) =>
      moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: a } }), fig('elf', 'a', 8, 4, { attributes: { STR: b } })]);
    const r = step(two(9, 10), { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } });
    expect([at(r.state, 'imp'), at(r.state, 'elf')]).toEqual(['9,5', '9,4']);
    expect(refusal(two(10, 10), { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } })).toBe(
      "Giant cannot push Imp and Elf back: Imp and Elf have combined ST 20, and a pusher's ST must be more than that (Giant has 20; 004 §Engagement; RULINGS H8).",
    );
  });

  it('with no free hex straight on or to either side the pusher stops before that hex (RULINGS H8); on its first step nothing moves', () => {
    // The giant's first step (to 6,5) covers 6,5 and its neighbours but not the imp's 8,5; the
    // second (to 7,5) enters 8,5, and the imp's three hexes away from it (9,5 · 8,6 · 9,4) are walls.
    const s = moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: 8 } })], { '9,5': 'wall', '8,6': 'wall', '9,4': 'wall' });
    const r = step(s, { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } });
    expect(at(r.state, 'giant')).toBe('6,5');
    expect(at(r.state, 'imp')).toBe('8,5');
    expect(r.events.find((e) => e.type === 'pushStopped')).toMatchObject({ figureId: 'giant', targetId: 'imp', at: { q: 6, r: 5 } });
    // One hex of movement spent, not the two planned: the turn's gait reads 1 (RULINGS T5).
    expect(figOf(r.state, 'giant').turn.spent).toBe(1);
    // Blocked on the very first step: refused, nothing moves.
    const close = moving([giant(), fig('imp', 'b', 7, 5, { attributes: { STR: 8 } })], { '8,5': 'wall', '7,6': 'wall', '8,4': 'wall' });
    expect(refusal(close, { type: 'move', figureId: 'giant', to: { q: 6, r: 5 } })).toMatch(
      /^Giant cannot push Imp back: no free hex straight on or to either side/,
    );
    // With only straight on walled, it goes to the side (direction 1: 8,6).
    const side = step(moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: 8 } })], { '9,5': 'wall' }), {
      type: 'move',
      figureId: 'giant',
      to: { q: 7, r: 5 },
    });
    expect(at(side.state, 'imp')).toBe('8,6');
  });

  it('only smaller figures are pushed: a one-hex figure or an equal-sized one is not', () => {
    expect(
      refusal(moving([fig('man', 'a', 5, 5, { attributes: { STR: 18 } }), fig('imp', 'b', 6, 5, { attributes: { STR: 3 } })]), {
        type: 'move',
        figureId: 'man',
        to: { q: 6, r: 5 },
      }),
    ).toBe('Imp is already in that hex.');
    const ogres = moving([fig('ogre', 'a', 5, 5, { size: 3, attributes: { STR: 30 } }), fig('troll', 'b', 7, 5, { size: 3, attributes: { STR: 3 } })]);
    expect(refusal(ogres, { type: 'move', figureId: 'ogre', to: { q: 7, r: 5 } })).toMatch(
      /cannot reach that hex this turn, even pushing smaller figures back/,
    );
  });

  it('an engaged pusher only shifts 1 hex (RULINGS M5, M6: two armed one-hex foes in front engage a 3-hex figure), and may shove them with it', () => {
    // The ogre (3 hexes, facing 0) at 5,5 covers 5,5 · 4,5 · 5,4; the orc and goblin face it from
    // 6,5 and 6,4. Shifting to 6,5 its body enters both their hexes: ST 8 + 8 < 20.
    const s = moving([
      fig('ogre', 'a', 5, 5, { size: 3, attributes: { STR: 20 } }),
      fig('orc', 'b', 6, 5, { facing: 3, equipment: armed, attributes: { STR: 8 } }),
      fig('gob', 'b', 6, 4, { facing: 3, equipment: armed, attributes: { STR: 8 } }),
    ]);
    expect(refusal(s, { type: 'move', figureId: 'ogre', to: { q: 8, r: 5 } })).toMatch(/cannot reach that hex this turn, even pushing/);
    const r = step(s, { type: 'move', figureId: 'ogre', to: { q: 6, r: 5 } });
    expect([at(r.state, 'orc'), at(r.state, 'gob')]).toEqual(['7,5', '7,4']);
    expect(r.events.find((e) => e.type === 'moved')).toMatchObject({ mode: 'shift', engaged: true, source: expect.stringContaining('004 §Engagement') });
  });

  it('replays to the same state (no dice), so undo and replay keep it', () => {
    const s = moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: 8 } })]);
    const a = apply(s, { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } }, createEnteredDice([]));
    const b = apply(s, { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } }, createEnteredDice([]));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe("riders and mounts (linked figures: the console's choice)", () => {
  // A horse (3 hexes; STR 18, CON 16, DEX 12: movement modifier +8, RULINGS M1: Walk 12) and a rider
  // on foot (modifier 0: Walk 4) next to it.
  const horse = () => fig('horse', 'a', 5, 5, { size: 3, attributes: { STR: 18, CON: 16, DEX: 12 } });
  const rider = (extra: Parameters<typeof fig>[4] = {}) => fig('ann', 'a', 6, 5, extra);
  const mounted = (
    phase: EncounterState['phase'] = 'initiative',
    extra: Parameters<typeof fig>[4] = {},
    others: Parameters<typeof encounter>[0] = [],
  ): EncounterState => ({
    ...step(encounter([rider(extra), horse(), ...others]), { type: 'mount', figureId: 'ann', mountId: 'horse' }).state,
    phase,
  });

  it("mounts a figure next to it: the rider sits in the mount's front hex; refused when not next to it", () => {
    const s = mounted();
    expect(figOf(s, 'ann').ridingId).toBe('horse');
    expect(at(s, 'ann')).toBe('5,5');
    const far = encounter([fig('ann', 'a', 9, 5), horse()]);
    expect(refusal(far, { type: 'mount', figureId: 'ann', mountId: 'horse' })).toBe('Ann is not next to Horse.');
    expect(refusal(s, { type: 'mount', figureId: 'ann', mountId: 'horse' })).toBe('Ann is riding already: it dismounts first.');
  });

  it("the pair moves with the mount's gaits: a drag of the rider 10 hexes is the horse's walk (12), beyond the rider's own Walk 4", () => {
    const s = withMoveOrder(mounted('initialMovement'), ['ann', 'horse']);
    const r = step(s, { type: 'move', figureId: 'ann', to: { q: 15, r: 5 } });
    expect(at(r.state, 'horse')).toBe('15,5');
    expect(at(r.state, 'ann')).toBe('15,5');
    expect(figOf(r.state, 'horse').turn).toMatchObject({ mode: 'walk', spent: 10 });
    expect(figOf(r.state, 'ann').turn).toMatchObject({ mode: 'walk', spent: 10 });
    expect(turnStateOf(r.state).moveDone.sort()).toEqual(['ann', 'horse']);
    // On foot the same drag is refused (RULINGS M1: Walk 4, Jog 7, Run 12 — 10 hexes is a run).
    const onFoot = withMoveOrder(encounter([fig('ann', 'a', 5, 5)], { phase: 'initialMovement' }), ['ann']);
    expect(figOf(step(onFoot, { type: 'move', figureId: 'ann', to: { q: 15, r: 5 } }).state, 'ann').turn.mode).toBe('run');
  });

  it("dismounts into a free hex next to the mount; in a movement phase that is the rider's move", () => {
    const s = withMoveOrder(mounted('initialMovement'), ['ann', 'horse']);
    const r = step(s, { type: 'dismount', figureId: 'ann', to: { q: 6, r: 5 } });
    expect(figOf(r.state, 'ann').ridingId).toBeUndefined();
    expect(at(r.state, 'ann')).toBe('6,5');
    expect(turnStateOf(r.state).moveDone).toEqual(['ann']);
    expect(refusal(s, { type: 'dismount', figureId: 'ann', to: { q: 9, r: 5 } })).toBe('9,5 is not next to Horse.');
  });

  it('a rider whose mount goes down is off it, in a free hex next to it', () => {
    const s = mounted();
    const r = step(s, { type: 'setPosture', figureId: 'horse', posture: 'prone' } as never);
    expect(figOf(r.state, 'ann').ridingId).toBeUndefined();
    expect(at(r.state, 'ann')).not.toBe('5,5');
  });

  it('the Cavalry Lance is for a mounted figure only (001 §Pole Weapons)', () => {
    const lance = { equipment: { weaponIds: ['cavalry-lance'], readyWeaponId: 'cavalry-lance' }, attributes: { STR: 13 } };
    const orc = fig('orc', 'b', 7, 5, { facing: 3 });
    const onFoot = withActionOrder(encounter([fig('ann', 'a', 6, 5, lance), orc], { phase: 'actions' }), ['ann', 'orc']);
    expect(attackPreview(onFoot, 'ann', 'orc', 'cavalry-lance').reason).toBe(
      'Ann is on foot: the Cavalry Lance is used mounted only (001 §Pole Weapons (Cavalry Lance: "Mounted only")).',
    );
    expect(refusal(onFoot, { type: 'attack', figureId: 'ann', targetId: 'orc', weaponId: 'cavalry-lance' } as never)).toMatch(/mounted only/);
    const riding = withActionOrder({ ...mounted('initiative', lance, [fig('orc', 'b', 6, 5, { facing: 3 })]), phase: 'actions' }, ['ann', 'orc']);
    expect(attackPreview(riding, 'ann', 'orc', 'cavalry-lance').allowed).toBe(true);
  });

  it("RULINGS O4: a rider on its mount adds its Ride (and 003's high ground) to its initiative total", () => {
    const O4: RuleSet = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, declaredIntent: true } });
    const { run } = underRules(O4);
    let s = encounter([fig('ann', 'a', 6, 5), horse(), fig('ben', 'b', 12, 5)], { phase: 'declarations' });
    s = run(s, { type: 'mount', figureId: 'ann', mountId: 'horse' }).state;
    s = run(s, { type: 'setRideScore', figureId: 'ann', rideScore: 4 }).state;
    s = run(s, { type: 'advancePhase' }).state;
    // RULINGS H9: the horse rolls no initiative of its own: two stress dice, Ann's and Ben's.
    const r = run(s, { type: 'rollInitiative' }, [[2], [3]]);
    expect(turnStateOf(r.state).initiative!.rolls.map((x) => x.sideId)).toEqual(['ann', 'ben']);
    const ann = turnStateOf(r.state).initiative!.rolls.find((x) => x.sideId === 'ann')!;
    expect((ann.breakdown ?? []).map((l) => `${l.label} ${l.value}`)).toEqual([
      'Stress die d10: 2 2',
      'Initiative score: DEX 10 modifier (none typed) 0',
      'On horseback: Ride 4',
      'On horseback: high ground 3',
    ]);
    expect(ann.total).toBe(9);
  });
});

describe('forced retreat around multi-hex figures (RULINGS H3, M7; found by the soak with a 3-hex figure)', () => {
  it('a foe is never pushed into a hex a 3-hex figure covers, nor a 3-hex foe half into another figure', () => {
    // The ogre (3 hexes, facing 0) at 5,5 covers 5,5 · 4,5 · 5,4; the orc at 4,4 is next to two of them.
    const s = encounter([fig('ogre', 'a', 5, 5, { size: 3 }), fig('orc', 'b', 4, 4)]);
    const free = retreatHexes(s, figOf(s, 'ogre'), figOf(s, 'orc')).map((h) => `${h.q},${h.r}`);
    expect(free).toEqual(['3,5', '3,4', '4,3', '5,3']);
    // Pushed the other way round: the ogre (anchor 5,5) by the orc at 6,5 goes where its whole body fits.
    const t = encounter([fig('ogre', 'b', 5, 5, { size: 3 }), fig('orc', 'a', 6, 5)]);
    expect(retreatHexes(t, figOf(t, 'orc'), figOf(t, 'ogre')).map((h) => `${h.q},${h.r}`)).toEqual(['5,6', '4,6', '4,5', '5,4', '6,4']);
  });
});

describe('what the tracker shows a rider (movement/mounts.ts)', () => {
  it("the rider's reachable hexes are its mount's: the horse's Walk 12, not the rider's 4", () => {
    const s = step(encounter([fig('ann', 'a', 6, 5), fig('horse', 'a', 5, 5, { size: 3, attributes: { STR: 18, CON: 16, DEX: 12 } })]), {
      type: 'mount',
      figureId: 'ann',
      mountId: 'horse',
    }).state;
    const moving = withMoveOrder({ ...s, phase: 'initialMovement' }, ['ann', 'horse']);
    const reach = reachable(moving, 'ann', 'walk');
    expect(reach.figureId).toBe('ann');
    expect(reach.budget.value).toBe(12);
  });
});
