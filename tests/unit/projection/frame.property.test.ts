/**
 * The table's frame as a property: over random encounter states, a frame never
 * carries mana, Debt, GM notes, hidden figures, fogged hexes or spell internals
 * (projection/frame.ts). What changes between frames is checked in hiddenChanges.property.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameOf } from '../../../src/main/projection/frame';
import { playerIdsFor } from '../../../src/main/projection/ids';
import { EncounterStateSchema, type EncounterState } from '../../../src/main/engine/encounter/schema';
import { hexKey } from '../../../src/shared/hex';
import { PlayerViewSchema } from '../../../src/shared/contract/views';
import { allKeys } from '../../support/tempCampaign';

const COLS = 12;
const ROWS = 10;
const hexArb = fc.record({ q: fc.integer({ min: 0, max: COLS - 1 }), r: fc.integer({ min: 0, max: ROWS - 1 }) });

const figureArb = (i: number) =>
  fc
    .record({
      hidden: fc.boolean(),
      position: hexArb,
      facing: fc.integer({ min: 0, max: 5 }),
      mana: fc.option(fc.record({ pool: fc.integer({ min: 0, max: 30 }), current: fc.integer({ min: -10, max: 30 }), debt: fc.integer({ min: 0, max: 20 }) }), {
        nil: null,
      }),
      note: fc.string({ maxLength: 20 }),
      runaway: fc.boolean(),
      spellOn: fc.integer({ min: 0, max: 11 }),
      posture: fc.constantFrom('standing', 'kneeling', 'prone', 'knockedDown', 'unconscious', 'dead' as const),
    })
    .map((f) => ({
      id: `fig${i}`,
      name: `Figure${i}`,
      sideId: i % 2 ? 'foes' : 'party',
      position: f.position,
      facing: f.facing,
      size: 1 as const,
      posture: f.posture,
      hidden: f.hidden,
      gmNotes: `GMNOTE-${i}-${f.note}`,
      attributes: { STR: 10, DEX: 10, INT: 10, WIS: 10, CON: 10, CHR: 10 },
      fatigue: { starting: 10, current: 10 },
      body: { starting: 10, current: 10 },
      mana: f.mana,
      equipment: { weaponIds: [], armorId: null, shieldId: null },
      mastery: f.mana ? { 'passage-blur': 2, 'passage-light': 1 } : {},
      runaway: f.runaway,
      spellOn: f.spellOn,
    }));

const stateArb = fc
  .record({
    n: fc.integer({ min: 0, max: 12 }),
    fog: fc.uniqueArray(hexArb, { maxLength: 40, selector: hexKey }),
    terrain: fc.array(fc.tuple(hexArb, fc.constantFrom('wall', 'shadow', 'fire', 'broken', 'body' as const)), { maxLength: 30 }),
  })
  .chain(({ n, fog, terrain }) =>
    fc.tuple(...Array.from({ length: n }, (_, i) => figureArb(i))).map((figures): EncounterState =>
      EncounterStateSchema.parse({
        id: 'prop',
        name: 'Property',
        map: {
          cols: COLS,
          rows: ROWS,
          orientation: 'flat',
          terrain: Object.fromEntries(terrain.map(([h, t]) => [hexKey(h), t])),
          hidden: fog.map(hexKey),
        },
        sides: [
          { id: 'party', name: 'Party', color: '#2f6fd6' },
          { id: 'foes', name: 'Foes', color: '#c23b3b' },
        ],
        figures: figures.map(({ runaway: _r, spellOn: _s, ...f }) => f),
        // Continuing spells on random figures (RULINGS S2): shown only as stripSecrets allows.
        spells: figures
          .filter((f) => f.mana)
          .map((f, k) => ({
            id: `sp${k}`,
            spellId: `SECRETSPELL-${k}`,
            name: `SpellName${k}`,
            casterId: f.id,
            targetId: figures[f.spellOn % figures.length]?.id ?? f.id,
            level: 2,
            renewalCost: 1,
            turnsActive: 0,
          })),
        turn: 3,
        phase: 'initiative',
        // Runaways, castings with the GM's rulings and counters: GM-only (RULINGS C8, S1, S6, S8).
        magic: {
          seq: 9,
          runaways: figures
            .filter((f) => f.mana && f.runaway)
            .map((f) => ({
              casterId: f.id,
              spellId: 'SECRETSPELL-RUN',
              spellName: 'RunawaySpellName',
              level: 4,
              push: 3,
              cause: 'push',
              startedTurn: 1,
              turnsElapsed: 2,
              lastAnchorTurn: null,
            })),
          castings: figures
            .filter((f) => f.mana)
            .map((f, k) => ({
              id: `cast-${k + 1}`,
              casterId: f.id,
              spellId: `SECRETSPELL-C${k}`,
              variant: null,
              targetId: null,
              turn: 3,
              level: 2,
              cost: 2,
              push: 1,
              outcome: 'succeeded',
              special: { natural: 4, kind: 'low', gmRuling: `GMRULING-${k}` },
              escalationOf: null,
              counter: null,
            })),
          renewal: null,
        },
      }),
    ),
  );

describe('the table’s frame over random states', () => {
  it('never carries mana, Debt, GM notes, hidden figures, fogged hexes or spell internals', () => {
    fc.assert(
      fc.property(stateArb, fc.nat(1000), (state, revision) => {
        const view = { ...frameOf(state), revision };
        const asPlayer = (id: string) => playerIdsFor(state.id)('figure', id);
        PlayerViewSchema.parse(view);
        const text = JSON.stringify(view);
        const keys = allKeys(view);
        for (const k of [
          'mana',
          'debt',
          'pool',
          'gmNotes',
          'hidden',
          'spells',
          'spellId',
          'renewalCost',
          'attributes',
          'fatigue',
          'body',
          'equipment',
          'mastery',
          'level',
          'push',
          'cost',
          'drain',
          'castings',
          'runaways',
          'special',
          'gmRuling',
          'turnsActive',
          'renewal',
        ]) {
          expect(keys.has(k), k).toBe(false);
        }
        expect(text).not.toContain('GMNOTE-');
        expect(text).not.toContain('SECRETSPELL-');
        expect(text).not.toContain('GMRULING-');
        expect(text).not.toContain('RunawaySpellName');
        const fogged = new Set(state.map.hidden);
        const seen = (id: string): boolean => {
          const f = state.figures.find((x) => x.id === id);
          return f !== undefined && !f.hidden && !fogged.has(hexKey(f.position));
        };
        // A continuing spell shows (name, caster, target) only when both figures are in sight.
        for (const sp of state.spells) {
          const shows = seen(sp.casterId) && (sp.targetId === null || seen(sp.targetId));
          expect(text.includes(`"${sp.name}"`), sp.id).toBe(shows);
        }
        const running = new Set(state.magic?.runaways.map((r) => r.casterId) ?? []);
        expect([...view.encounter.magic.inRunaway].sort()).toEqual(
          state.figures
            .filter((f) => running.has(f.id) && seen(f.id))
            .map((f) => asPlayer(f.id))
            .sort(),
        );
        const shown = new Set(view.encounter.figures.map((f) => f.id));
        for (const f of state.figures) {
          const visible = !f.hidden && !fogged.has(hexKey(f.position));
          expect(shown.has(asPlayer(f.id)), f.id).toBe(visible);
          // Ids that reach players carry no name and no count (design-notes §Secrecy at the player boundary).
          expect(text).not.toContain(`"${f.id}"`);
          if (!visible) expect(text).not.toContain(`"${f.name}"`);
        }
        for (const key of fogged) expect(view.encounter.map.terrain[key]).toBeUndefined();
        expect([...view.encounter.map.fogged].sort()).toEqual([...fogged].sort());
      }),
      { numRuns: 500 },
    );
  });
});
