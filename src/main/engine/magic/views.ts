import type { Hex } from '../../../shared/hex';
import type { Explained } from '../explain';
import { masteryBenefits, spellById } from './catalogue';
import { castingTarget, hitTarget, spellCost } from './casting';
import type { HitInput } from './casting';
import { castingAllowed } from './castingAllowed';
import type { CastingAllowed, CastingAllowedContext } from './castingAllowed';
import { borrowControlTarget, pushControlTarget } from './control';
import { casterOf } from './internal';
import { anchorTarget, runawayDrain, runawayOf, turnsInRunaway } from './runaway';
import type { ActiveSpell, CastingRecord, MagicContext, MagicSnapshot, RunawayState } from './types';

/**
 * Queries the magic panels need (DESIGN: queries are pure). Everything here except
 * `stripSecrets`'s result is GM-only: mana, Debt and spell internals are secret (RULINGS C8;
 * DESIGN §The player projection).
 */

export interface RunawayView {
  readonly casterId: string;
  readonly name: string;
  readonly spellId: string;
  readonly spellName: string;
  readonly level: number;
  readonly push: number;
  readonly cause: RunawayState['cause'];
  readonly turnsInRunaway: number;
  readonly manaLeft: number;
  readonly body: { readonly current: number; readonly starting: number };
  readonly conscious: boolean;
  /** What the end of this turn will drain. */
  readonly drain: Explained;
  /** This turn's anchor target, or null when the caster cannot anchor (unconscious). */
  readonly anchorTarget: Explained | null;
  /** Conscious and not yet rolled this turn. */
  readonly anchorDue: boolean;
  readonly source: string;
}

function viewOfRunaway(snapshot: MagicSnapshot, r: RunawayState, ctx: MagicContext): RunawayView {
  const caster = casterOf(snapshot, r.casterId);
  const canAnchor = caster.conscious && !caster.dead;
  return {
    casterId: caster.id,
    name: caster.name,
    spellId: r.spellId,
    spellName: r.spellName,
    level: r.level,
    push: r.push,
    cause: r.cause,
    turnsInRunaway: turnsInRunaway(r),
    manaLeft: caster.mana.current,
    body: { current: caster.body.current, starting: caster.body.starting },
    conscious: caster.conscious,
    drain: runawayDrain(r, ctx.rules),
    anchorTarget: canAnchor ? anchorTarget(caster, r) : null,
    anchorDue: canAnchor && r.lastAnchorTurn !== ctx.turn,
    source: '001 §Runaway; RULINGS S6',
  };
}

/** Every runaway now, for the mana & runaway panel (GM only). */
export function runawayView(snapshot: MagicSnapshot, ctx: MagicContext): readonly RunawayView[] {
  return snapshot.magic.runaways.map((r) => viewOfRunaway(snapshot, r, ctx));
}

export interface ManaView {
  readonly casterId: string;
  readonly name: string;
  readonly pool: number;
  readonly current: number;
  readonly debt: number;
  readonly activeSpells: readonly ActiveSpell[];
  readonly runaway: RunawayState | null;
  readonly source: string;
}

/** One figure's mana, Debt, continuing spells and runaway (GM only, RULINGS C8). */
export function manaView(snapshot: MagicSnapshot, figureId: string): ManaView {
  const caster = casterOf(snapshot, figureId);
  return {
    casterId: caster.id,
    name: caster.name,
    pool: caster.mana.pool,
    current: caster.mana.current,
    debt: caster.mana.debt,
    activeSpells: snapshot.magic.active.filter((a) => a.casterId === caster.id),
    runaway: runawayOf(snapshot.magic, caster.id),
    source: 'RULINGS C8; RULINGS S4',
  };
}

export interface CastPreview {
  readonly casterId: string;
  readonly spellId: string;
  readonly spellName: string;
  readonly mastery: number;
  readonly targetId: string | null;
  /** The hex aimed at when no figure is (001 §Facing), or null. */
  readonly at: Hex | null;
  readonly push: number;
  /** Mana the casting takes: level, mastery discount, push (RULINGS S1, S3). */
  readonly cost: Explained;
  readonly manaNow: number;
  readonly manaAfter: number;
  /** Borrowing: the shortfall that becomes Debt and the control roll it needs (RULINGS S4). */
  readonly borrow: { readonly amount: number; readonly debtAfter: number; readonly control: Explained } | null;
  /** The push control roll and the roll from which Runaway starts (RULINGS S3). */
  readonly pushControl: { readonly target: Explained; readonly runawayFrom: number } | null;
  readonly casting: Explained;
  readonly hit: { readonly target: Explained; readonly dice: 3 | 4 } | null;
  /** Where the casting is possible with the given option (001 §Action Options), when asked. */
  readonly allowed: CastingAllowed | null;
  /** Why the cast step would refuse, in words for the GM; empty when it can go ahead. */
  readonly problems: readonly string[];
}

/**
 * What a casting would take and need, before any die is rolled: cost and mana, the control rolls
 * and the casting and hit targets with their breakdowns (GM only).
 */
export function castPreview(
  snapshot: MagicSnapshot,
  ctx: MagicContext,
  casterId: string,
  spellId: string,
  push: number,
  targetId?: string | null,
  options: { readonly hit?: HitInput; readonly option?: string; readonly context?: CastingAllowedContext; readonly at?: Hex | null } = {},
): CastPreview {
  const caster = casterOf(snapshot, casterId);
  const spell = spellById(ctx.catalogue, spellId);
  const mastery = caster.mastery[spell.id] ?? 0;
  const problems: string[] = [];
  if (caster.dead) problems.push(`${caster.name} is dead.`);
  else if (!caster.conscious) problems.push(`${caster.name} is unconscious.`);
  if (runawayOf(snapshot.magic, caster.id) !== null) problems.push(`${caster.name} is in runaway.`);
  if (!masteryBenefits(Math.min(5, Math.max(0, mastery))).canCast) problems.push(`${caster.name} does not know ${spell.name}.`);
  const at = options.at ?? null;
  if (at !== null && (targetId ?? null) !== null) problems.push(`${spell.name} is aimed at a figure or at a hex, not both.`);
  if (spell.mustHit && options.hit === undefined) {
    problems.push(
      at !== null ? `${spell.name} must hit: choose the figure it is aimed at, not a hex (RULINGS S1).` : `${spell.name} must hit: choose the target's hex.`,
    );
  }
  const cost = spellCost(spell.level, mastery, push, ctx.rules);
  const fromMana = Math.min(caster.mana.current, cost.value);
  const borrowed = cost.value - fromMana;
  const debtAfter = caster.mana.debt + borrowed;
  const pushTarget = push > 0 ? pushControlTarget(caster, push, ctx.rules) : null;
  const allowed = options.option !== undefined && options.context !== undefined ? castingAllowed(options.option, options.context) : null;
  if (allowed !== null && !allowed.allowed) problems.push(...allowed.reasons.filter((r) => !r.ok).map((r) => `Cannot cast now: ${r.text}.`));
  return {
    casterId: caster.id,
    spellId: spell.id,
    spellName: spell.name,
    mastery,
    targetId: targetId ?? null,
    at: at === null ? null : { q: at.q, r: at.r },
    push,
    cost,
    manaNow: caster.mana.current,
    manaAfter: caster.mana.current - fromMana,
    borrow: borrowed > 0 ? { amount: borrowed, debtAfter, control: borrowControlTarget(caster, debtAfter) } : null,
    pushControl: pushTarget === null ? null : { target: pushTarget, runawayFrom: Math.min(18, pushTarget.value + ctx.rules.runawayFailureMargin) },
    casting: castingTarget(caster, spell),
    hit: spell.mustHit && options.hit !== undefined ? hitTarget(spell, options.hit) : null,
    allowed,
    problems,
  };
}

/* ---- The GM's magic view and what a player may see of it ---- */

export interface GmMagicView {
  readonly casters: readonly ManaView[];
  readonly active: readonly ActiveSpell[];
  readonly runaways: readonly RunawayView[];
  readonly castings: readonly CastingRecord[];
}

/** Everything, for the GM window. */
export function gmMagicView(snapshot: MagicSnapshot, ctx: MagicContext): GmMagicView {
  return {
    casters: snapshot.casters.map((c) => manaView(snapshot, c.id)),
    active: snapshot.magic.active,
    runaways: runawayView(snapshot, ctx),
    castings: snapshot.magic.castings,
  };
}

/** What a player may see of magic: what shows on the table, nothing of mana or internals. */
export interface PlayerMagicView {
  /** Continuing spells in plain sight: name, variant, caster and target. */
  readonly active: readonly {
    readonly id: string;
    readonly name: string;
    readonly variant: string | null;
    readonly casterId: string;
    readonly targetId: string | null;
    /** The hex it was cast at when it is on no figure (a place on the table anyone can see). */
    readonly at?: Hex;
  }[];
  /** Casters visibly in the grip of a runaway (001 §Runaway: blood from nose and eyes). */
  readonly inRunaway: readonly string[];
}

/**
 * Illusions are not shown to players as spells: seeing through one is a player's action
 * (001 §Action Options i, s DISBELIEVE). Decision: any spell whose id names an illusion.
 */
export function hiddenFromPlayers(spellId: string): boolean {
  return spellId.includes('illusion');
}

/**
 * The magic engine's cut of a magic view for players (RULINGS C8): no pool, current mana, Debt,
 * costs, levels, pushes, runaway turns or drains, casting records or GM rulings. Only the listed
 * fields are copied, never spread. Which of these spells an audience sees (no illusion, nothing
 * out of its sight or under fog) is the player projection's (DESIGN §The player projection).
 */
export function stripSecrets(view: GmMagicView): PlayerMagicView {
  return {
    active: view.active
      .filter((a) => !hiddenFromPlayers(a.spellId))
      .map((a) => ({
        id: a.id,
        name: a.name,
        variant: a.variant,
        casterId: a.casterId,
        targetId: a.targetId,
        ...(a.at !== null ? { at: { q: a.at.q, r: a.at.r } } : {}),
      })),
    inRunaway: view.runaways.map((r) => r.casterId),
  };
}
