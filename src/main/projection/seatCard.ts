import type { SeatCard, SeatFigure } from '../../shared/contract/seatCard';
import { hexKey } from '../../shared/hex';
import { armorById, shieldById, weaponById } from '../engine/equipment';
import { catalogueOf } from '../engine/encounter/magic/magicBridge';
import { statFigureOf } from '../engine/encounter/figures/figureSheet';
import type { EncounterState, FigureState } from '../engine/encounter/schema';
import { spellById } from '../engine/magic';
import { asRuleSet, type Rules } from '../engine/rules';
import type { PlayerIdOf } from './ids';
import type { Sight } from './sight';
import { seatOptions } from './seatOptions';
import { phaseStatusAsSeen } from './turnFrame';

/**
 * The card of a seat (one player's phone): for each figure the GM gave the seat, what its player
 * may know of it beyond the table's picture (DESIGN §The player projection): its pools with their
 * band, its mana and Debt (RULINGS C8: secret from the table, not from its own player), its spells
 * known and the continuing spells it keeps up with their renewal cost (RULINGS S2), what it holds
 * and wears, whether it is due and, while it is, its options. The console's choice: the seat knows no more of the others than
 * the table does; a continuing spell on a figure the table cannot see is "out of sight", and the
 * figure due is found as the table's tracker finds it, with the seat's own figures counted.
 */
export function seatCard(state: EncounterState, figureIds: readonly string[], sight: Sight, idOf: PlayerIdOf, rules: Rules): SeatCard {
  const own = new Set(figureIds);
  const figures = state.figures.filter((f) => own.has(f.id));
  const known = new Set([...sight.figures, ...own]);
  const due = new Set(figures.length > 0 ? phaseStatusAsSeen(state, { figures: known }, rules).due : []);
  return { figures: figures.map((f) => seatFigure(state, f, { sight, known, due, idOf, rules })) };
}

interface CardContext {
  readonly sight: Sight;
  /** The figures the seat may name: the table's and its own. */
  readonly known: ReadonlySet<string>;
  readonly due: ReadonlySet<string>;
  readonly idOf: PlayerIdOf;
  readonly rules: Rules;
}

function seatFigure(state: EncounterState, f: FigureState, ctx: CardContext): SeatFigure {
  const ruleSet = asRuleSet(ctx.rules);
  const catalogue = catalogueOf(ruleSet);
  const block = ruleSet.stats.statBlock(statFigureOf(f));
  const shield = f.equipment.shieldId ? shieldById(f.equipment.shieldId) : undefined;
  const named = (id: string | null | undefined): string | null => (id ? (weaponById(id)?.name ?? null) : null);
  return {
    id: ctx.idOf('figure', f.id),
    name: f.name,
    posture: f.posture,
    onTable: ctx.sight.figures.has(f.id),
    pools: block.pools.map((p) => ({
      name: p.name,
      current: p.current,
      starting: p.starting.value,
      valueText: p.valueText,
      band: p.band,
      bandText: p.bandText,
    })),
    mana: f.mana === null ? null : { pool: f.mana.pool, current: f.mana.current, debt: f.mana.debt },
    spellsKnown: Object.entries(f.mastery).map(([id, mastery]) => ({ name: spellById(catalogue, id).name, mastery })),
    continuing: state.spells
      .filter((s) => s.casterId === f.id)
      .map((s) => ({ name: s.name, on: continuingOn(state, s.targetId, s.at, ctx), renewalCost: s.renewalCost })),
    weapon: named(f.equipment.readyWeaponId),
    offHand: named(f.equipment.offHandWeaponId),
    armour: f.equipment.armorId ? (armorById(f.equipment.armorId)?.name ?? null) : null,
    shield: shield ? { name: shield.name, ready: f.equipment.shieldReady } : null,
    due: ctx.due.has(f.id),
    options: ctx.due.has(f.id) ? seatOptions(state, f, ctx.known, ctx.sight, ctx.rules) : [],
  };
}

function continuingOn(state: EncounterState, targetId: string | null, at: { q: number; r: number } | undefined, ctx: CardContext): string {
  if (targetId !== null) {
    const target = state.figures.find((t) => t.id === targetId);
    return target && ctx.known.has(target.id) ? target.name : 'out of sight';
  }
  if (at !== undefined && !ctx.sight.fogged.has(hexKey(at))) return `hex ${at.q},${at.r}`;
  return at !== undefined ? 'out of sight' : 'no one';
}
