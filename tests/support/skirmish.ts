/**
 * A two-sided skirmish of `count` one-hex fighters on an open map with a short wall and a patch of
 * broken ground, kits in turn (sword, spear, bow, axe, mace): the many-figure encounter of the
 * tactics budgets and of the tests that keep its fights identical.
 */
import { EncounterStateSchema, FigureStateSchema, type EncounterState } from '../../src/main/engine/encounter/schema';

const KITS = [
  ['broadsword', 'leather-armor'],
  ['spear', null],
  ['small-bow', null],
  ['war-ax', 'leather-armor'],
  ['mace', null],
] as const;

export function skirmish(count: number, cols: number, rows: number): EncounterState {
  const figures = Array.from({ length: count }, (_, i) => {
    const side = i % 2 === 0 ? 'a' : 'b';
    const col = side === 'a' ? 3 + Math.floor(i / 2) * 2 : cols - 4 - Math.floor(i / 2) * 2;
    const row = 3 + ((i * 3) % (rows - 6));
    const [weapon, armor] = KITS[i % KITS.length]!;
    return FigureStateSchema.parse({
      id: `f${i}`,
      name: `Fighter ${i}`,
      sideId: side,
      position: { q: col, r: row - Math.floor(col / 2) },
      facing: side === 'a' ? 1 : 4,
      size: 1,
      posture: 'standing',
      hidden: false,
      gmNotes: '',
      attributes: { STR: 12 + (i % 3), DEX: 10 + (i % 5), INT: 10, WIS: 10, CON: 11, CHR: 10 },
      fatigue: { starting: 40, current: 40 },
      body: { starting: 30, current: 30 },
      mana: null,
      equipment: { weaponIds: [weapon, 'dagger'], readyWeaponId: weapon, armorId: armor, shieldId: null },
    });
  });
  return EncounterStateSchema.parse({
    id: 'skirmish',
    name: 'Skirmish',
    map: { cols, rows, orientation: 'flat', terrain: { '14,2': 'wall', '14,3': 'wall', '15,2': 'broken' }, hidden: [] },
    sides: [
      { id: 'a', name: 'A', color: '#2f6fd6' },
      { id: 'b', name: 'B', color: '#c23b3b' },
    ],
    figures,
    spells: [],
    turn: 1,
    phase: 'initiative',
  });
}
