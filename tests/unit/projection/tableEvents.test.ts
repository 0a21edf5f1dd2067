/**
 * What the table learns of single events (projection/tableEvents.ts), with states built by hand:
 * the console's choice for an unseen figure's deed on a seen one, spells as the magic view shows
 * them, the GM's causes, hidden sides, places in words; and an event of a type the console does
 * not know says nothing.
 */
import { describe, expect, it } from 'vitest';
import type { EncounterEvent } from '../../../src/main/engine/encounter/events';
import type { EncounterState } from '../../../src/main/engine/encounter/schema';
import { TABLE } from '../../../src/main/projection/audience';
import { compass } from '../../../src/main/projection/place';
import { tableContext, sentencesOf } from '../../../src/main/projection/tableContext';
import { tableSentence } from '../../../src/main/projection/tableEvents';
import { encounter, fig } from '../engine/encounter/fixtures';

const state = (): EncounterState => {
  const s = encounter(
    [fig('bram', 'a', 5, 5), fig('ilsa', 'a', 5, 6), fig('lurker', 'b', 9, 9, { hidden: true }), fig('sneak', 'c', 12, 2), fig('grak', 'b', 2, 5)],
    { sides: ['a', 'b', 'c'] },
  );
  return {
    ...s,
    map: { ...s.map, hidden: ['12,2', '14,3'] },
    magic: {
      seq: 2,
      runaways: [],
      renewal: null,
      castings: [
        {
          id: 'cast-1',
          casterId: 'ilsa',
          spellId: 'control-minor-illusion',
          variant: null,
          targetId: 'bram',
          turn: 1,
          level: 1,
          cost: 1,
          push: 0,
          outcome: 'succeeded',
          special: null,
          escalationOf: null,
          counter: null,
        },
        {
          id: 'cast-2',
          casterId: 'ilsa',
          spellId: 'passage-light',
          variant: null,
          targetId: 'bram',
          turn: 1,
          level: 1,
          cost: 1,
          push: 0,
          outcome: 'succeeded',
          special: null,
          escalationOf: null,
          counter: null,
        },
      ],
    },
  };
};
const said = (e: Record<string, unknown>) => tableSentence(e as unknown as EncounterEvent, tableContext(state(), state(), TABLE));
const blow = (attackerId: string, taken: number) => ({
  type: 'damageDealt',
  attackerId,
  targetId: 'bram',
  rolled: taken + 2,
  multiplier: 1,
  protection: 2,
  taken,
  body: false,
  fatigueAfter: 40,
  bodyAfter: 30,
  source: '',
});

describe('what the table learns of one event', () => {
  it('a blow from out of sight: "Bram was hurt." when it gets through, nothing when armour stops it; a seen blow in full', () => {
    expect(said(blow('lurker', 4))).toBe('Bram was hurt.');
    expect(said(blow('sneak', 4))).toBe('Bram was hurt.');
    expect(said(blow('lurker', 0))).toBeNull();
    expect(said(blow('grak', 4))).toBe('Bram took 4 [damage rolled 6, armour stops 2].');
    expect(said({ ...blow('grak', 4), targetId: 'lurker' })).toBeNull();
    expect(
      said({
        type: 'attackRolled',
        attackerId: 'lurker',
        targetId: 'bram',
        weaponId: 'broadsword',
        kind: 'melee',
        adjDex: 9,
        breakdown: [],
        dice: 3,
        roll: 7,
        hit: true,
        result: 'hit',
        source: '',
      }),
    ).toBeNull();
  });

  it('spells as the magic view shows them: no illusion, nothing into fog, a bare hex said from a figure in sight', () => {
    const cast = (spellId: string, extra: Record<string, unknown>) =>
      said({ type: 'spellCast', castingId: 'c', casterId: 'ilsa', spellId, targetId: null, outcome: 'succeeded', source: '', ...extra });
    expect(cast('control-minor-illusion', { targetId: 'bram' })).toBeNull();
    expect(cast('passage-blur', { targetId: 'bram' })).toBeNull();
    expect(cast('control-minor-illusion', { outcome: 'failed' })).toBeNull();
    expect(cast('passage-light', { at: { q: 14, r: 3 } })).toBeNull();
    expect(cast('passage-light', { at: { q: 14, r: 3 }, outcome: 'failed' })).toBeNull();
    expect(cast('passage-light', { targetId: 'bram' })).toBe('Ilsa cast Light on Bram.');
    expect(cast('passage-light', { at: { q: 5, r: 2 } })).toBe('Ilsa cast Light 3 hexes north of Bram.');
    expect(cast('passage-light', { casterId: 'lurker', targetId: 'bram' })).toBeNull();
    const counter = (castingId: string) => said({ type: 'counterspell', castingId, casterId: 'ilsa', defenderId: 'grak', winner: 'defender', source: '' });
    expect(counter('cast-1')).toBeNull();
    expect(counter('cast-2')).toBe("Grak tried to counter Ilsa's spell: Grak countered the spell.");
  });

  it('the GM’s cause is told only when the GM said so; a figure out of sight is never told of', () => {
    const pools = (extra: Record<string, unknown>) =>
      said({
        type: 'poolsChanged',
        figureId: 'bram',
        how: 'damage',
        cause: 'a dart from the hidden witch',
        stopped: 0,
        fatigueBefore: 40,
        fatigueAfter: 35,
        bodyBefore: 30,
        bodyAfter: 30,
        source: '',
        ...extra,
      });
    expect(pools({})).toBe('Bram was hurt.');
    expect(pools({ causeTold: true })).toBe('Bram was hurt (a dart from the hidden witch).');
    expect(pools({ how: 'heal', cause: 'a potion', causeTold: true })).toBe('Bram was healed (a potion).');
    expect(pools({ how: 'set' })).toBeNull();
    expect(pools({ figureId: 'lurker', causeTold: true })).toBeNull();
  });

  it('a side with no figure in sight is the GM’s: its roll and its choice are not told', () => {
    expect(
      said({
        type: 'initiativeRolled',
        rolls: [
          { sideId: 'a', total: 9 },
          { sideId: 'c', total: 12 },
          { sideId: 'b', total: 3 },
        ],
        rollOrder: [],
        source: '',
      }),
    ).toBe('Initiative: Side A 9, Side B 3.');
    expect(said({ type: 'initiativeChosen', sideId: 'c', moveFirst: true, order: [], source: '' })).toBeNull();
  });

  it('places are words from a figure in sight: next to, N hexes in a compass direction, or left out', () => {
    expect(said({ type: 'figureAdded', figureId: 'grak', name: 'Grak', sideId: 'b', at: { q: 2, r: 5 }, method: 'set', fatigue: 1, body: 1, source: '' })).toBe(
      'Grak joined the fight, 3 hexes north-west of Bram.',
    );
    expect(said({ type: 'figureMoved', figureId: 'ilsa', from: { q: 5, r: 7 }, to: { q: 5, r: 6 }, source: '' })).toBe('Ilsa is now next to Bram.');
    expect(compass('flat', { q: 0, r: 0 }, { q: 0, r: -3 })).toBe('north');
    expect(compass('flat', { q: 0, r: 0 }, { q: 3, r: 0 })).toBe('south-east');
    expect(compass('pointy', { q: 0, r: 0 }, { q: 3, r: 0 })).toBe('east');
    expect(compass('pointy', { q: 0, r: 0 }, { q: 0, r: 3 })).toBe('south-east');
  });

  it('an event of a type this console does not know (an older log) says nothing', () => {
    expect(said({ type: 'somethingNew', figureId: 'bram', secret: 'the Duke' })).toBeNull();
    expect(sentencesOf([{ type: 'somethingNew' }, { type: 'passed', figureId: 'bram', source: '' }], tableContext(state(), state(), TABLE))).toEqual([
      'Bram held back.',
    ]);
  });
});
