/**
 * RULINGS H8 (004 §Engagement): who a large figure pushes and what stops it — friends and foes, a
 * pushed figure pushes no one, a figure in hand-to-hand is not pushed, and under stride & momentum
 * (RULINGS O3) a push is part of the stride that enters the hex.
 */
import { describe, expect, it } from 'vitest';
import { turnStateOf, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor, type RuleSet } from '../../../../src/main/engine/rules';
import { underRules } from '../options/underRules';
import { encounter, fig, figOf, refusal, step, withMoveOrder } from './fixtures';

const moving = (figures: Parameters<typeof encounter>[0], terrain: Record<string, string> = {}): EncounterState =>
  withMoveOrder(
    encounter(figures, { phase: 'initialMovement', terrain }),
    figures.map((f) => f.id),
  );
const at = (s: EncounterState, id: string) => `${figOf(s, id).position.q},${figOf(s, id).position.r}`;
// The giant (7 hexes, STR 20) at 5,5 covers 5,5 and its six neighbours; walking east (direction 0)
// to 7,5 its body first covers 8,5 on the second step.
const giant = () => fig('giant', 'a', 5, 5, { size: 7, attributes: { STR: 20 } });
const to75 = { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } } as const;

describe('who is pushed (RULINGS H8)', () => {
  it('a friend is pushed as a foe is: the elf of its own side goes 1 hex on', () => {
    const r = step(moving([giant(), fig('elf', 'a', 8, 5, { attributes: { STR: 9 } })]), to75);
    expect(at(r.state, 'elf')).toBe('9,5');
  });

  it('a pushed figure pushes no one: with the goblin behind it, the imp goes to the side and the goblin stays', () => {
    // Straight on from 8,5 is 9,5, the goblin's: not free. Direction 1 from 8,5 is 8,6: free.
    const r = step(moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: 6 } }), fig('gob', 'b', 9, 5, { attributes: { STR: 6 } })]), to75);
    expect([at(r.state, 'imp'), at(r.state, 'gob')]).toEqual(['8,6', '9,5']);
    expect(r.events.filter((e) => e.type === 'pushed').map((e) => e.type === 'pushed' && e.targetId)).toEqual(['imp']);
  });

  it('a figure in hand-to-hand is not pushed: it stands in the way, so the drag onto it is refused and nothing moves', () => {
    const imp = fig('imp', 'b', 8, 5, { attributes: { STR: 6 }, hthWith: ['orc'] });
    const orc = fig('orc', 'a', 8, 5, { attributes: { STR: 6 }, posture: 'prone', hthWith: ['imp'] });
    expect(refusal(moving([giant(), imp, orc]), { type: 'move', figureId: 'giant', to: { q: 7, r: 5 } })).toBe(
      'Giant cannot reach that hex this turn, even pushing smaller figures back (004 §Engagement; RULINGS H8; RULINGS M1–M7).',
    );
  });
});

describe('a push under stride & momentum is part of the stride (RULINGS H8, O3; 002 §Movement (stride))', () => {
  const O3: RuleSet = rulesFor({ ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, strideMomentum: true } });
  const { run } = underRules(O3);

  it('the giant strides 2 hexes from a standstill and pushes the imp on: stride-1 twice, 2 AP, no extra cost', () => {
    const s = moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: 6 } })]);
    const r = run(s, to75);
    expect(at(r.state, 'giant')).toBe('7,5');
    expect(at(r.state, 'imp')).toBe('9,5');
    // The slowest stride that covers 2 hexes: stride-1 (1 hex per AP), 2 AP (002 §Assigning Movement).
    expect(figOf(r.state, 'giant').turn).toMatchObject({ mode: 'stride-1', spent: 2, apSpent: 2 });
    expect(r.events.map((e) => e.type)).toEqual(['pushed', 'moved', 'strideMoved']);
    expect(r.events.find((e) => e.type === 'strideMoved')).toMatchObject({ strides: [1, 1], apSpent: 2 });
    expect(turnStateOf(r.state).moveDone).toEqual(['giant']);
  });

  it('a named stride with more hexes per AP is kept: stride-2 covers the 2 hexes with 1 AP', () => {
    const r = run(moving([giant(), fig('imp', 'b', 8, 5, { attributes: { STR: 6 } })]), { ...to75, mode: 'stride-2' });
    expect(figOf(r.state, 'giant').turn).toMatchObject({ mode: 'stride-2', spent: 2, apSpent: 1 });
  });
});
