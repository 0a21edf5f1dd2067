import { describe, expect, it } from 'vitest';
import * as engine from '../../../../src/main/engine';
import { caster, ctx } from './fixtures';

describe('the magic seam through the engine surface', () => {
  it('exports the step functions and queries', () => {
    for (const name of [
      'cast',
      'renew',
      'letLapse',
      'beginRenewPhase',
      'endRenewPhase',
      'endOfTurnRunaway',
      'anchor',
      'intervene',
      'counterspell',
      'manaView',
      'renewalQueue',
      'runawayView',
      'castPreview',
      'stripSecrets',
      'castingAllowed',
      'catalogueWithEdits',
      'DEFAULT_CATALOGUE',
    ]) {
      expect((engine as Record<string, unknown>)[name], name).toBeTypeOf(name === 'DEFAULT_CATALOGUE' ? 'object' : 'function');
    }
  });

  it('is deterministic: the same seed and steps give the same state, events and rolls', () => {
    const run = (): unknown => {
      const d = engine.createSeededDice(20240601);
      const a = caster({ id: 'a', mastery: { 'passage-light': 1, 'passage-hold': 1 }, mana: { pool: 6, current: 3, debt: 0 } });
      const b = caster({ id: 'b', mastery: { 'mending-heal': 1 } });
      let s: engine.MagicSnapshot = { magic: engine.EMPTY_MAGIC_STATE, casters: [a, b] };
      const out: unknown[] = [];
      for (const step of [
        (x: engine.MagicSnapshot) => engine.cast(x, { casterId: 'a', spellId: 'passage-light' }, d, ctx(1)),
        (x: engine.MagicSnapshot) => engine.cast(x, { casterId: 'a', spellId: 'passage-hold', push: 3 }, d, ctx(1)),
        (x: engine.MagicSnapshot) => engine.endOfTurnRunaway(x, d, ctx(1)),
        (x: engine.MagicSnapshot) => engine.beginRenewPhase(x, d, ctx(2)),
      ]) {
        try {
          const r = step(s);
          s = r.next;
          out.push(r.events, r.rolls);
        } catch (e) {
          out.push(String(e));
        }
      }
      return { s, out };
    };
    expect(run()).toEqual(run());
  });
});
