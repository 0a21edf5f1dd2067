/**
 * The one seam between the encounter and the magic engine for casting (001 §Magic; RULINGS S1–S9).
 *
 * The `castSpell` command is validated by the encounter (phase, turn order, option h / r / the
 * HTH cast, movement so far) and then handed here with the transaction. This resolver checks
 * what only magic knows — where casting is allowed with this option (hands free or mastery 2+
 * in HTH, the slow walk of h, the shift of r), that the target is in the caster's hex, next to
 * it or in front (001 §Facing: "Spells: your hex, adjacent hexes, or any hex in front"), that the
 * GM agreed to borrow when mana is short (RULINGS S4) — and gives the magic engine the adjDEX a
 * must-hit spell needs (RULINGS S1, A1). The magic engine then pays, rolls control, casting and
 * hit, and starts continuing spells or runaways; the bridge writes it all back.
 *
 * The encounter marks the caster as having acted after this returns.
 */
import { AppError } from '../../../../shared/errors';
import { hexDistance, hexEquals, hexKey, megahexDistance, type Hex } from '../../../../shared/hex';
import type { CommandOf } from '../../../../shared/contract/commands';
import { isOnMap } from '../../../../shared/mapGrid';
import { adjustedDex, type AttackSituation } from '../../combat/adjustedDex';
import { armorById, shieldById } from '../../equipment';
import type { Explained } from '../../explain';
import { zoneOf } from '../../facing';
import { cast, castingAllowed, runawayOf, spellById, spellCost, type HitInput, type SpellDefinition } from '../../magic';
import { asRuleSet, type Rules } from '../../rules';
import { catalogueOf, isCaster, magicOf, runMagic } from './magicBridge';
import type { EncounterState, FigureState } from '../schema';
import { figureById, hasBody, hasCondition } from '../state';
import type { Tx } from '../tx';
import { effectiveMap, FIRE } from '../../map/effectiveMap';
import { effectHexes } from '../../map/effectArea';
import type { MapEffectKind } from '../../../../shared/mapEffects';

/** Which casting option the caster is taking (001 §Action Options h, r, and HTH "Cast spell"). */
export type CastingOption = 'h' | 'r' | 'hth-cast';

export type CastSpellResolver = (tx: Tx, command: CommandOf<'castSpell'>, option: CastingOption) => void;

/** Where an aimed hex lies for the caster (001 §Facing): its own hex, next to it, or a zone beyond. */
export type SpellAim = 'caster' | 'adjacent' | 'front' | 'side' | 'rear';

/** Where `target` lies from `caster` for a spell (001 §Facing), for the GM's preview. */
export function spellAim(caster: FigureState, target: Hex): SpellAim {
  if (hexEquals(caster.position, target)) return 'caster';
  if (hexDistance(caster.position, target) <= 1) return 'adjacent';
  return zoneOf({ position: caster.position, facing: caster.facing, size: caster.size }, target);
}

/** Why a bare hex cannot be aimed at apart from facing (it is off the map), or null. */
export function hexTargetRefusal(state: EncounterState, hex: Hex): string | null {
  return isOnMap(state.map, hex) ? null : `Hex ${hexKey(hex)} is not on the map.`;
}

/**
 * Why `target` cannot be a spell's target from `caster`'s hex, or null (001 §Facing: your hex,
 * adjacent hexes, or any hex in front). A prone caster still casts by its facing (004 §Facing:
 * all hexes count as rear "except for spell-casting direction").
 */
export function spellTargetRefusal(caster: FigureState, target: Hex): string | null {
  if (hexEquals(caster.position, target) || hexDistance(caster.position, target) <= 1) return null;
  const zone = zoneOf({ position: caster.position, facing: caster.facing, size: caster.size }, target);
  if (zone === 'front') return null;
  return `${hexKey(target)} is in ${caster.name}'s ${zone} hexes: a spell goes to the caster's hex, an adjacent hex or a hex in front (001 §Facing).`;
}

/**
 * adjDEX for a spell that must hit (RULINGS S1, A1): DEX, armour, shield and injury, the map's
 * conditions, and range — missile spells by megahex (RULINGS A2), the others as thrown, −1 a hex.
 * The target's facing does not count: a spell is not a physical attack (001 §Facing).
 */
export function spellHitInput(state: EncounterState, caster: FigureState, target: FigureState, spell: SpellDefinition, rules: Rules): HitInput {
  const map = effectiveMap(state);
  const missile = spell.rangeKind === 'missile';
  const s: AttackSituation = {
    kind: missile ? 'missile-spell' : 'thrown',
    dex: caster.attributes.DEX,
    armor: caster.equipment.armorId ? (armorById(caster.equipment.armorId) ?? null) : null,
    shield: caster.equipment.shieldId && caster.equipment.shieldReady ? (shieldById(caster.equipment.shieldId) ?? null) : null,
    injury: asRuleSet(rules).stats.wounds(caster).penalty,
    ...(missile ? { rangeMegahexes: megahexDistance(caster.position, target.position) } : { rangeHexes: hexDistance(caster.position, target.position) }),
    targetInvisible: hasCondition(target, 'invisible'),
    targetInShadow: map.isShadow(target.position),
    targetInFlight: hasCondition(target, 'flying') ? (target.size === 1 ? 'one-hex' : 'multi-hex') : null,
    targetIsGiantSnake: hasCondition(target, 'giantSnake'),
    inShadow: map.isShadow(caster.position),
    standingInFire: (map.flagsAt(caster.position) & FIRE) !== 0,
    standingOnBody: hasBody(state, caster.position),
    movedOverBrokenGround: caster.turn.brokenGround,
  };
  const adjDex: Explained = adjustedDex(s, rules);
  return { adjDex, rangeIncluded: true, targetDodging: target.turn.defence === 'dodge' };
}

/** Hexes moved this turn by the way the figure moved (a shift is 1, a slow walk up to 2). */
function hexesMoved(f: FigureState): number {
  return f.turn.spent;
}

/** The magic engine's entry point for the encounter's `castSpell` (RULINGS S1, S3, S4, S8). */
export const resolveCastSpell: CastSpellResolver = (tx, command, option) => {
  const caster = tx.fig(command.figureId);
  const spell = spellById(catalogueOf(tx.rules), command.spellId);
  const mastery = caster.mastery[spell.id] ?? 0;
  const es = option === 'hth-cast' ? 'hth' : option === 'r' ? 'engaged' : 'disengaged';
  const allowed = castingAllowed(option, {
    engagement: es,
    hexesMoved: hexesMoved(caster),
    // 001 §Action Options (HTH): hands are free when nothing is held ready.
    handsFree: caster.equipment.readyWeaponId === null && !(caster.equipment.shieldId !== null && caster.equipment.shieldReady),
    mastery,
    conscious: true,
    inRunaway: runawayOf(magicOf(tx.state), caster.id) !== null,
  });
  if (!allowed.allowed) {
    const why = allowed.reasons.filter((r) => !r.ok);
    throw new AppError('rule', `${caster.name} cannot cast now: ${why.map((r) => `${r.text} (${r.source})`).join('; ')}.`);
  }
  if (command.targetId !== undefined && command.targetHex !== undefined) {
    throw new AppError('invalid-args', `Aim ${spell.name} at a figure or at a hex, not both.`);
  }
  const target = command.targetId === undefined ? null : figureById(tx.state, command.targetId);
  // A bare hex (no figure named): the place a Light or a Barrier goes (001 §Facing).
  const at = target === null && command.targetHex !== undefined ? { q: command.targetHex.q, r: command.targetHex.r } : null;
  if (at !== null) {
    const refusal = hexTargetRefusal(tx.state, at);
    if (refusal !== null) throw new AppError('invalid-args', refusal);
  }
  const aim = target?.position ?? at;
  if (aim !== null) {
    const refusal = spellTargetRefusal(caster, aim);
    if (refusal !== null) throw new AppError('rule', refusal);
  }
  if (spell.mustHit && target === null) {
    throw new AppError('invalid-args', `${spell.name} must hit: choose the figure it is aimed at (RULINGS S1).`);
  }
  const cost = spellCost(spell.level, mastery, command.push ?? 0, tx.rules);
  const mana = caster.mana?.current ?? 0;
  if (cost.value > mana && command.borrow !== true) {
    throw new AppError(
      'rule',
      `${caster.name} has ${mana} mana and ${spell.name} costs ${cost.value}: borrow the ${cost.value - mana} short as Debt, with its control roll, or cast something smaller (RULINGS S4).`,
    );
  }
  const hit = spell.mustHit && target !== null ? spellHitInput(tx.state, caster, target, spell, tx.rules) : undefined;
  // RULINGS S8: a counter declared with the casting; the magic engine checks the rest before any die.
  const counterer = command.counter === undefined ? null : tx.fig(command.counter.figureId);
  if (counterer !== null && !isCaster(counterer)) throw new AppError('rule', `${counterer.name} knows no spells and cannot counter (001 §Counterspell).`);
  runMagic(tx, (snapshot, ctx) =>
    cast(
      snapshot,
      {
        casterId: caster.id,
        spellId: spell.id,
        targetId: target?.id ?? null,
        at,
        push: command.push ?? 0,
        variant: command.variant ?? null,
        ...(hit !== undefined ? { hit } : {}),
        ...(command.escalationOf !== undefined ? { escalationOf: command.escalationOf } : {}),
        ...(counterer !== null && command.counter !== undefined ? { counter: { defenderId: counterer.id, committed: command.counter.mana } } : {}),
      },
      tx.dice,
      ctx,
    ),
  );
};

/** What the cast preview says about an aimed hex (001 §Facing), added to the encounter's preview. */
export interface HexAimPreview {
  /** The hex aimed at, or null when the spell goes to a figure or to no place. */
  readonly targetHex: Hex | null;
  /** Where the hex lies for the caster, or null with no hex. */
  readonly aim: SpellAim | null;
  /** The area the spell's map effect would take if cast there (its template), or null when it has none. */
  readonly effect: { readonly kind: MapEffectKind; readonly hexes: readonly Hex[] } | null;
  readonly problems: readonly string[];
}

/**
 * The cast preview with a bare hex as the target (001 §Facing; RULINGS S1): where the hex lies
 * for the caster, and the same refusals `resolveCastSpell` would give — both a figure and a hex,
 * a hex off the map, a hex beside or behind the caster, a must-hit spell with no figure.
 */
export function withHexAim<P extends { readonly problems: readonly string[] }>(
  preview: P,
  state: EncounterState,
  rules: Rules,
  casterId: string,
  spellId: string,
  targetId: string | undefined,
  targetHex: Hex | undefined,
): Omit<P, 'problems'> & HexAimPreview {
  if (targetHex === undefined) return { ...preview, targetHex: null, aim: null, effect: null, problems: [...preview.problems] };
  const caster = figureById(state, casterId);
  const spell = spellById(catalogueOf(rules), spellId);
  const hex = { q: targetHex.q, r: targetHex.r };
  const genericMustHit = `${spell.name} must hit: choose the target's hex.`;
  const problems = preview.problems.filter((p) => p !== genericMustHit);
  if (targetId !== undefined) problems.push(`Aim ${spell.name} at a figure or at a hex, not both.`);
  const offMap = hexTargetRefusal(state, hex);
  if (offMap !== null) problems.push(offMap);
  const facing = spellTargetRefusal(caster, hex);
  if (facing !== null) problems.push(facing);
  if (spell.mustHit) problems.push(`${spell.name} must hit: choose the figure it is aimed at (RULINGS S1).`);
  const area = spell.effect !== null && spell.continuing && offMap === null ? effectHexes(state, spell.effect, hex, caster.position) : [];
  const effect = area.length > 0 && spell.effect !== null ? { kind: spell.effect.kind, hexes: area } : null;
  return { ...preview, targetHex: hex, aim: spellAim(caster, hex), effect, problems: [...new Set(problems)] };
}
