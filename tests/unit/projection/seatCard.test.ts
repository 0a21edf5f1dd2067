/**
 * A seat's card (projection/seatCard.ts): its own figures' pools, mana and Debt, spells and gear,
 * and whether one is due, with nothing of any figure the table cannot see.
 */
import { describe, expect, it } from 'vitest';
import { turnStateOf, type EncounterState } from '../../../src/main/engine/encounter/schema';
import { legalOptions } from '../../../src/main/engine/encounter/turn/options';
import { TABLE } from '../../../src/main/projection/audience';
import { DEFAULT_RULES } from '../../../src/main/engine/rules';
import { encounterFrame, frameOf } from '../../../src/main/projection/frame';
import { playerIdsFor } from '../../../src/main/projection/ids';
import { seatFrame, seatOf } from '../../../src/main/projection/seatFrame';
import { SeatCardSchema } from '../../../src/shared/contract/seatCard';
import { withActionOrder } from '../engine/encounter/fixtures';
import { ford } from './seatFord';

/** The seat's frame as the seat desk makes it, from the table's frame of `state`. */
const seatFrameOf = (state: EncounterState, own: readonly string[]) => seatFrame(frameOf(state, TABLE), { state, rules: DEFAULT_RULES }, seatOf(own));

describe('a seat’s card', () => {
  it('holds its own figure’s pools with their band, mana and Debt, spells, gear and continuing spells', () => {
    const { card } = seatFrameOf(ford(), ['bram']);
    SeatCardSchema.parse(card);
    expect(card.figures).toHaveLength(1);
    const bram = card.figures[0]!;
    expect(bram).toMatchObject({
      id: playerIdsFor('test')('figure', 'bram'),
      name: 'Bram',
      onTable: true,
      mana: { pool: 12, current: 9, debt: 2 },
      spellsKnown: [{ name: 'Blur', mastery: 2 }],
      weapon: 'Broadsword',
      offHand: null,
      due: false,
    });
    expect(bram.armour).toMatch(/Leather/);
    expect(bram.shield).toMatchObject({ ready: false });
    expect(bram.pools.map((p) => p.name)).toEqual(['Fatigue', 'Body']);
    expect(bram.pools[0]).toMatchObject({ band: 'none' });
    // Blur on Ilsa, whom the table sees; Light on Sella, whom it does not.
    expect(bram.continuing).toEqual([
      { name: 'Blur', on: 'Ilsa', renewalCost: 2 },
      { name: 'Light', on: 'out of sight', renewalCost: 2 },
    ]);
  });

  it('a pool run low shows its band on the card', () => {
    const s = ford();
    const hurt = { ...s, figures: s.figures.map((f) => (f.id === 'bram' ? { ...f, fatigue: { ...f.fatigue, current: 1 } } : f)) };
    const fatigue = seatFrameOf(hurt, ['bram']).card.figures[0]!.pools[0]!;
    expect(fatigue.current).toBe(1);
    expect(fatigue.band).not.toBe('none');
  });

  it('a spell on a hex under fog is out of sight; one on open ground names the hex', () => {
    const { card } = seatFrameOf(ford(), ['ilsa']);
    expect(card.figures[0]!.continuing.map((c) => c.on)).toEqual(['out of sight', 'hex 2,2']);
  });

  it('sees the map exactly as the table does, and nothing of the GM’s or of other figures', () => {
    const s = ford();
    const seat = seatFrameOf(s, ['ilsa']);
    expect(encounterFrame(s, seatOf(['ilsa']), DEFAULT_RULES)).toEqual(seat.table?.encounter);
    const text = JSON.stringify(seat.card);
    for (const secret of ['Sella', 'traitor', 'owes the duke', '"pool":12', '"pool":7']) expect(text).not.toContain(secret);
  });

  it('a figure of the seat that lies in ambush is on its card, not on the table', () => {
    const s = ford();
    const { card, table } = seatFrameOf(s, ['sella']);
    expect(card.figures[0]).toMatchObject({ name: 'Sella', onTable: false, mana: { pool: 7, current: 7, debt: 0 } });
    expect(JSON.stringify(table)).not.toContain('Sella');
    expect(JSON.stringify(card)).not.toContain('the traitor');
  });

  it('says a figure is due when it is the one to act, as the table’s tracker finds it', () => {
    const s = withActionOrder(ford('actions'), ['sella', 'bram', 'ilsa', 'grak']);
    const due = (state: EncounterState, id: string) => seatFrameOf(state, [id]).card.figures[0]!.due;
    // Sella is first, hidden: the table's tracker skips her, so Bram is due; her own seat sees her due.
    expect(due(s, 'bram')).toBe(true);
    expect(due(s, 'sella')).toBe(true);
    expect(due(s, 'ilsa')).toBe(false);
    const afterBram = { ...s, turnState: { ...turnStateOf(s), actionDone: ['sella', 'bram'] } };
    expect(due(afterBram, 'bram')).toBe(false);
    expect(due(afterBram, 'ilsa')).toBe(true);
  });

  it('a due figure’s options are on its card as the seat can know them: an enemy in ambush opens none', () => {
    const s = withActionOrder(ford('actions'), ['bram', 'ilsa', 'grak', 'sella']);
    const options = (state: EncounterState, id: string) => seatFrameOf(state, [id]).card.figures[0]!.options;
    expect(options(s, 'ilsa')).toEqual([]);
    const bram = options(s, 'bram');
    expect(bram.map((o) => o.letter)).toEqual(legalOptions(s, 'bram').options.map((o) => o.option));
    expect(bram.find((o) => o.letter === 'b')).toMatchObject({ open: false, reason: "No enemy stands in Bram's front hexes (001 §Facing)." });
    // Sella, hidden, steps into Bram's front: the GM's page opens his charge attack; his seat's card does not.
    const ambush = { ...s, figures: s.figures.map((f) => (f.id === 'sella' ? { ...f, position: { q: 4, r: 2 } } : f)) };
    expect(legalOptions(ambush, 'bram').options.find((o) => o.option === 'b')).toMatchObject({ available: true });
    expect(options(ambush, 'bram')).toEqual(bram);
    expect(JSON.stringify(options(ambush, 'bram'))).not.toContain('Sella');
  });

  it('a seat of two figures has both on its card; a figure no longer in the encounter is left out', () => {
    const { card } = seatFrameOf(ford(), ['bram', 'ilsa', 'gone']);
    expect(card.figures.map((f) => f.name)).toEqual(['Bram', 'Ilsa']);
  });
});
