/**
 * The figure sheet's stat block by the encounter's rules (a Classic character sheet, RULINGS O1):
 * `figureSheetOf` takes it from the rules' seam (`stats.statBlock`), the old Pillars fields stay
 * the stored figure's 001 reading, and the `turnRules` query tells the new-figure form which
 * attributes to ask for. Through the real dispatcher the result passes the channel's schema under
 * both rule sets.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseAdjDex } from '../../../src/main/engine/encounter/state';
import { rulesFor } from '../../../src/main/engine/options/rulesFor';
import { DEFAULT_RULES, type Rules } from '../../../src/main/engine/rules';
import { figureSheetOf, statFigureOf } from '../../../src/main/engine/encounter/figures/figureSheet';
import { turnRulesOf } from '../../../src/main/engine/encounter/turn/turnRules';
import type { FigureSheet } from '../../../src/shared/contract/channels/figure';
import type { TurnRules } from '../../../src/shared/contract/channels/rules';
import type { GmView } from '../../../src/shared/contract/views';
import { gmCoreForTests } from '../../support/gmCore';
import { encounter, fig } from '../engine/encounter/fixtures';

const CLASSIC: Rules = { ...DEFAULT_RULES, options: { ...DEFAULT_RULES.options, classic: true } };

describe('figureSheetOf: the stat block follows the rules', () => {
  // 000 §Movement Example: DX 10, ST 10 with an 18-lb pack; a wounded, tired swordsman in chainmail.
  const s = encounter([
    fig('ann', 'a', 0, 0, { equipment: { packLbs: 18 } }),
    fig('bo', 'b', 4, 0, {
      attributes: { STR: 12, DEX: 13 },
      fatigue: { starting: 50, current: 40 },
      body: { starting: 34, current: 24 },
      hitsLastTurn: 6,
      equipment: { armorId: 'chainmail', shieldId: 'large-shield', weaponIds: ['shortsword'], readyWeaponId: 'shortsword' },
    }),
  ]);

  it('Pillars: STR…CHR with modifiers, Fatigue and Body, adjDEX as the encounter computes it', () => {
    const sheet = figureSheetOf(s, 'bo');
    expect(sheet.stats.model.caption).toBe('Pillars (001)');
    expect(sheet.stats.attributes.map((a) => `${a.id} ${a.value} ${a.modifier?.value}`)).toEqual([
      'STR 12 0',
      'DEX 13 0',
      'INT 10 0',
      'WIS 10 0',
      'CON 10 0',
      'CHR 10 0',
    ]);
    expect(sheet.stats.pools.map((p) => `${p.id} ${p.valueText} ${p.band}`)).toEqual(['fatigue 40/50 none', 'body 24/34 none']);
    // RULINGS A1: DEX 13, Chainmail −3, Large Shield −1; heavy blows are off under Pillars (A8).
    expect(sheet.stats.adjDex).toEqual(sheet.adjDex);
    expect(sheet.stats.adjDex.value).toBe(9);
    expect(sheet.stats.lines.some((l) => l.id === 'heavy-blows')).toBe(false);
    // The old fields keep the Pillars reading.
    expect(sheet.fatigue).toMatchObject({ current: 40, band: 'none', bandText: 'above half: no penalty' });
    expect(sheet.fatigue.starting).toEqual(sheet.stats.pools[0]!.starting);
  });

  it('Classic: ST/DX/IQ/WIS, ST as hit points and fatigue pool, MA 11, heavy blow last turn (RULINGS O1, A8)', () => {
    const sheet = figureSheetOf(s, 'bo', CLASSIC);
    expect(sheet.stats.model).toEqual({ id: 'classic', name: 'ST / DX / IQ / WIS (Classic)', caption: 'Classic (004)', source: '004 §Attributes; RULINGS O1' });
    expect(sheet.stats.attributes.map((a) => `${a.id} ${a.value}`)).toEqual(['ST 12', 'DX 13', 'IQ 10', 'WIS 10']);
    // 10 hits (kept on the stored Body): ST 2 left of 12; 10 of 12 fatigue spent (the stored Fatigue's loss).
    expect(sheet.stats.pools.map((p) => `${p.name} ${p.valueText} ${p.band}`)).toEqual(['ST (hit points) 2/12 low', 'ST (fatigue) 10 spent of 12 none']);
    // DX 13, Chainmail −3, Large Shield −1, ST down to 2 −3, 6 hits last turn −2.
    expect(sheet.stats.adjDex.breakdown.map((l) => l.value)).toEqual([13, -3, -1, -3, -2]);
    expect(sheet.stats.adjDex.value).toBe(4);
    expect(sheet.stats.adjDexLabel).toBe('adjDX');
    expect(sheet.stats.condition.tags).toEqual(['ST 2: −3 DX', '6 hits last turn: −2 DX']);
    expect(sheet.stats.movement.text).toBe('11');
    expect(sheet.stats.lines.map((l) => l.id)).toEqual(['load', 'heavy-blows']);
    expect(sheet.movement.gaits.find((g) => g.gait === 'run')?.allowed).toBe(false);
  });

  it('Classic, 000 §Movement Example: MA 6 and no running with the pack; MA 8 without it', () => {
    const sheet = figureSheetOf(s, 'ann', CLASSIC);
    expect(sheet.stats.movement.text).toBe('6');
    expect(sheet.movement.gaits.map((g) => `${g.gait} ${g.allowed ? g.hexes.value : '-'}`)).toEqual([
      'run -',
      'jog 3',
      'walk 2',
      'walk-slow 1',
      'stand-still 0',
    ]);
    expect(sheet.stats.lines.find((l) => l.id === 'pack')?.text).toBe('0 lbs · Unencumbered · MA 8, may run');
    expect(sheet.stats.lines.find((l) => l.id === 'pack')?.value?.value).toBe(8);
  });

  it('the Classic sheet’s exhaustion is what the attack code reads (stats.exhausted of the fatigue spent)', () => {
    const rules = rulesFor(CLASSIC);
    for (const current of [50, 39, 38, 20]) {
      const st = encounter([fig('cy', 'a', 0, 0, { attributes: { STR: 12 }, fatigue: { starting: 50, current } })]);
      const f = st.figures[0]!;
      const exhausted = rules.stats.exhausted(f.attributes.STR, Math.max(0, f.fatigue.starting - f.fatigue.current));
      expect(figureSheetOf(st, 'cy', CLASSIC).stats.condition.tags.includes('exhausted')).toBe(exhausted);
      expect(exhausted).toBe(current <= 38);
    }
  });

  it('the Pillars block’s adjDEX is always the encounter’s base adjDEX (RULINGS A1, T5)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 18 }),
        fc.integer({ min: -10, max: 50 }),
        fc.integer({ min: -10, max: 34 }),
        fc.constantFrom(null, 'leather-armor', 'chainmail', 'plate-armor'),
        fc.constantFrom(null, 'small-shield', 'large-shield'),
        fc.boolean(),
        (dex, fatigue, body, armorId, shieldId, shieldReady) => {
          const one = encounter([
            fig('x', 'a', 0, 0, {
              attributes: { DEX: dex },
              fatigue: { starting: 50, current: fatigue },
              body: { starting: 34, current: body },
              equipment: { armorId, shieldId, shieldReady },
            }),
          ]);
          const f = one.figures[0]!;
          expect(rulesFor(DEFAULT_RULES).stats.statBlock(statFigureOf(f)).adjDex).toEqual(baseAdjDex(f));
        },
      ),
    );
  });
});

describe('turnRulesOf: the attributes a new figure is asked for', () => {
  const s = encounter([fig('ann', 'a', 0, 0)]);
  it('Pillars: the six, point-buy first', () => {
    const r = turnRulesOf(s, DEFAULT_RULES).stats;
    expect(r.attributes.map((a) => a.id)).toEqual(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']);
    expect(r.creationMethods).toEqual(['pointBuy', 'roll', 'entered']);
  });
  it('Classic: ST, DX, IQ, WIS kept in STR, DEX, INT, WIS; typed (RULINGS O1)', () => {
    const r = turnRulesOf(s, CLASSIC).stats;
    expect(r.attributes.map((a) => `${a.id}=${a.keptAs}`)).toEqual(['ST=STR', 'DX=DEX', 'IQ=INT', 'WIS=WIS']);
    expect(r.creationMethods).toEqual(['set']);
    expect(r.creationNote).toMatch(/^ST is both the hit points and the fatigue pool/);
  });
});

describe('through the dispatcher (the channel schemas hold under both rule sets)', () => {
  const gm = gmCoreForTests();
  const { call, ok } = gm;

  it('the sample encounter is Pillars: its sheet has the Pillars block', async () => {
    const view = await ok<GmView>(call('getGmView', {}));
    const id = view.encounter.figures[0]!.id;
    const sheet = await ok<FigureSheet>(call('figureSheet', { figureId: id }));
    expect(sheet.stats.model.caption).toBe('Pillars (001)');
    expect(sheet.stats.attributes.length).toBe(6);
  });

  it('a Classic encounter: the Classic block and the Classic attributes in turnRules', async () => {
    const rules = await ok<Rules>(call('getRules', {}));
    await ok(call('setRules', { rules: { ...rules, options: { ...rules.options, classic: true } } }));
    const made = await ok<{ id: string }>(call('createEncounter', { name: 'Classic sheet' }));
    await ok(call('openEncounter', { id: made.id }));
    const view = await ok<GmView>(
      call('sendCommand', {
        command: {
          type: 'addFigure',
          figure: {
            name: 'Tam',
            sideId: view0Side(await ok<GmView>(call('getGmView', {}))),
            kind: 'character',
            attributes: { method: 'set', values: { STR: 10, DEX: 10, INT: 9, WIS: 11, CON: 10, CHR: 10 } },
            fatigueDice: [3, 3],
            mana: null,
            equipment: { weaponIds: [], readyWeaponId: null, armorId: null, shieldId: null, packLbs: 18 },
          },
        },
      }),
    );
    const tam = view.encounter.figures.find((f) => f.name === 'Tam')!;
    const sheet = await ok<FigureSheet>(call('figureSheet', { figureId: tam.id }));
    expect(sheet.stats.model.caption).toBe('Classic (004)');
    expect(sheet.stats.attributes.map((a) => `${a.id} ${a.value}`)).toEqual(['ST 10', 'DX 10', 'IQ 9', 'WIS 11']);
    expect(sheet.stats.pools.map((p) => `${p.name} ${p.valueText}`)).toEqual(['ST (hit points) 10/10', 'ST (fatigue) 0 spent of 10']);
    expect(sheet.stats.movement.text).toBe('6');
    const tr = await ok<TurnRules>(call('turnRules', {}));
    expect(tr.stats.attributes.map((a) => a.id)).toEqual(['ST', 'DX', 'IQ', 'WIS']);
  });
});

function view0Side(v: GmView): string {
  const side = v.encounter.sides[0];
  if (side === undefined) throw new Error('no side');
  return side.id;
}
