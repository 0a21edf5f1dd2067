/**
 * The encounter the seat tests share: Bram and Ilsa of the party, each a mage with continuing spells
 * (one on a figure the table cannot see, one on a hex under fog), Grak in the open and Sella hidden,
 * with notes of the GM's on two of them.
 */
import type { EncounterState } from '../../../src/main/engine/encounter/schema';
import { activeSpell, encounter, fig } from '../engine/encounter/fixtures';

const spell = (id: string, spellId: string, name: string, casterId: string, targetId: string | null, at?: { q: number; r: number }) =>
  activeSpell(id, spellId, name, { casterId, targetId, ...(at ? { at } : {}) }, { renewalCost: 2, castTurn: 1 });

export function ford(phase: EncounterState['phase'] = 'initiative'): EncounterState {
  const bram = fig('bram', 'a', 3, 3, {
    mana: { pool: 12, current: 9, debt: 2 },
    mastery: { 'passage-blur': 2 },
    equipment: { weaponIds: ['broadsword', 'dagger'], readyWeaponId: 'broadsword', armorId: 'leather-armor', shieldId: 'large-shield', shieldReady: false },
    gmNotes: 'owes the duke',
  });
  const ilsa = fig('ilsa', 'a', 4, 3, { mana: { pool: 10, current: 10, debt: 0 }, mastery: { 'passage-light': 1 } });
  const grak = fig('grak', 'b', 6, 3);
  const sella = fig('sella', 'b', 9, 9, { hidden: true, gmNotes: 'the traitor', mana: { pool: 7, current: 7, debt: 0 } });
  const base = encounter([bram, ilsa, grak, sella], { phase });
  return {
    ...base,
    map: { ...base.map, hidden: ['12,2'] },
    spells: [
      spell('s1', 'passage-blur', 'Blur', 'bram', 'ilsa'),
      spell('s2', 'passage-light', 'Light', 'bram', 'sella'),
      spell('s3', 'passage-light', 'Light', 'ilsa', null, { q: 12, r: 2 }),
      spell('s4', 'passage-light', 'Light', 'ilsa', null, { q: 2, r: 2 }),
    ],
  } as EncounterState;
}
