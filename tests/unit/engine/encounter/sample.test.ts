/** The sample encounter is valid for the engine: real equipment ids, invariants, the secrets it must keep. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../../src/main/engine/encounter/invariants';
import { EncounterStateSchema } from '../../../../src/main/engine/encounter/schema';
import { armorById, shieldById, weaponById } from '../../../../src/main/engine/equipment';
import { gmView } from '../../../../src/main/session/gmView';
import { frameOf } from '../../../../src/main/projection/frame';
import { GmViewSchema, PlayerViewSchema } from '../../../../src/shared/contract/views';
import { hexKey } from '../../../../src/shared/hex';
import { SAMPLE_CAMPAIGN_DIR } from '../../../support/tempCampaign';
import { apply } from '../../../../src/main/engine/encounter/apply';
import { createEnteredDice } from '../../../../src/main/engine/dice/entered';

const raw = JSON.parse(readFileSync(`${SAMPLE_CAMPAIGN_DIR}/encounters/ford-ambush.json`, 'utf8')) as { initial: unknown };
const sample = EncounterStateSchema.parse(raw.initial);

describe('the sample encounter (ford-ambush)', () => {
  it('keeps its shape: 30×20, two sides, four figures, Ilsa a caster with Blur on Bram, Sella hidden in fog', () => {
    expect([sample.map.cols, sample.map.rows, sample.sides.length]).toEqual([30, 20, 2]);
    expect(sample.figures.map((f) => f.id)).toEqual(['bram', 'ilsa', 'grak', 'sella']);
    expect(sample.figures.find((f) => f.id === 'ilsa')?.mana).toEqual({ pool: 12, current: 12, debt: 0 });
    expect(sample.spells).toMatchObject([{ name: 'Blur', casterId: 'ilsa', targetId: 'bram' }]);
    const sella = sample.figures.find((f) => f.id === 'sella')!;
    expect(sella.hidden).toBe(true);
    expect(sample.map.hidden).toContain(hexKey(sella.position));
  });

  it('names only real weapons, armour and shields, each figure holding a ready one, and breaks no invariant', () => {
    for (const f of sample.figures) {
      for (const w of f.equipment.weaponIds) expect(weaponById(w), `${f.id}: ${w}`).toBeDefined();
      if (f.equipment.armorId) expect(armorById(f.equipment.armorId), f.equipment.armorId).toBeDefined();
      if (f.equipment.shieldId) expect(shieldById(f.equipment.shieldId), f.equipment.shieldId).toBeDefined();
      expect(f.equipment.weaponIds).toContain(f.equipment.readyWeaponId);
    }
    expect(checkInvariants(sample)).toEqual([]);
  });

  it('the GM view carries the tracker; the player view keeps its whitelist', () => {
    let s = apply(sample, { type: 'rollInitiative' }, createEnteredDice([[5], [2]])).state;
    s = apply(s, { type: 'chooseInitiative', sideId: 'party', moveFirst: true }, createEnteredDice([])).state;
    s = apply(s, { type: 'advancePhase' }, createEnteredDice([])).state;
    s = apply(s, { type: 'advancePhase' }, createEnteredDice([])).state;
    const gm = GmViewSchema.parse(gmView({ id: 'c', name: 'C' }, s, { canUndo: true, canRedo: false, logLength: 4 }, 4));
    expect(gm.encounter.tracker).toMatchObject({
      due: ['ilsa'],
      moveOrder: ['ilsa', 'bram', 'sella', 'grak'],
      initiative: { order: ['party', 'foes'], chosen: true },
    });
    // Bram: STR 14 carrying 31 lbs (broadsword 5, leather 16, small shield 10) is Heavy: no Jog,
    // Walk 4 + 1 − 4 = 1, and Walk (slow) is never longer than Walk (RULINGS M1, M2 amended).
    expect(gm.encounter.figures.find((f) => f.id === 'bram')?.movementLeft).toEqual({ hexes: 1, how: 'walk' });
    const pv = PlayerViewSchema.parse(frameOf(s));
    expect(JSON.stringify(pv)).not.toMatch(/sella|mana|tracker|movementLeft|equipment|conditions/i);
  });
});
