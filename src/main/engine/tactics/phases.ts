/**
 * The steps around the figures' own turns: initiative, declarations (RULINGS O4), spell renewal,
 * forced retreat, and the offers that may come at any moment (anchor rolls, shots of opportunity,
 * first strikes). Each returns candidates best first; the console's choices are said in words.
 */
import { hexDistance, hexNeighbor, type Hex } from '../../../shared/hex';
import { magicOf } from '../encounter/magic/magicBridge';
import { retreatHexes } from '../encounter/turn/retreatHexes';
import type { EncounterState, FigureState } from '../encounter/schema';
import { canAct, readyWeapon, sideName } from '../encounter/state';
import type { PhaseStatus } from '../encounter/turn/turn';
import type { RuleSet } from '../rules';
import { bestTarget, foesOf } from './appraise';
import type { Candidate, TacticsSettings } from './types';

export function initiativeCandidates(state: EncounterState, status: PhaseStatus): Candidate[] {
  const init = state.turnState?.initiative ?? null;
  if (init === null) return [{ command: { type: 'rollInitiative' }, reason: 'Roll initiative for the turn (RULINGS T2).' }];
  const due = status.due[0];
  if (!init.chosen && due !== undefined) {
    // The console's choice: moving second lets a side see where the enemy went before closing in.
    return [
      {
        command: { type: 'chooseInitiative', sideId: due, moveFirst: false },
        reason: `${sideName(state, due)} won initiative and moves second, to see where the enemy goes first.`,
      },
      { command: { type: 'chooseInitiative', sideId: due, moveFirst: true }, reason: `${sideName(state, due)} won initiative and moves first.` },
    ];
  }
  return [];
}

export function declarationCandidates(state: EncounterState, rules: RuleSet, f: FigureState, settings: TacticsSettings): Candidate[] {
  const target = bestTarget(f, foesOf(state, f), rules, settings);
  const weapon = readyWeapon(f);
  const out: Candidate[] = [];
  if (target !== null) {
    const distance = hexDistance(f.position, target.position);
    out.push({
      command: {
        type: 'declare',
        figureId: f.id,
        declaration: {
          action: 'attack',
          movement: distance <= 1 ? 'none' : 'walking',
          destination: target.position,
          targetIds: [target.id],
          rangeHexes: Math.max(1, distance),
          ...(weapon !== null ? { weaponId: weapon.id } : {}),
          charging: false,
          roomForRunningStart: false,
        },
      },
      reason: `${f.name} declares an attack on ${target.name} (RULINGS O4).`,
    });
  }
  out.push({
    command: { type: 'declare', figureId: f.id, declaration: { action: 'defend', movement: 'none' } },
    reason: `${f.name} declares it defends (RULINGS O4).`,
  });
  return out;
}

/** Renew a continuing spell from mana in hand; never on Debt, which risks a runaway (RULINGS S2, S4). */
export function renewalCandidates(state: EncounterState, f: FigureState): Candidate[] {
  const decided = magicOf(state).renewal?.decided ?? {};
  const out: Candidate[] = [];
  for (const spell of state.spells.filter((s) => s.casterId === f.id && decided[s.id] === undefined)) {
    if ((f.mana?.current ?? 0) >= spell.renewalCost) {
      out.push({
        command: { type: 'renewSpell', figureId: f.id, activeId: spell.id },
        reason: `${f.name} renews ${spell.name} for ${spell.renewalCost} mana (RULINGS S2).`,
      });
    }
    out.push({
      command: { type: 'letSpellLapse', figureId: f.id, activeId: spell.id },
      reason: `${f.name} lets ${spell.name} lapse: not enough mana to keep it without borrowing.`,
    });
  }
  return out;
}

/**
 * Push the foe into a hex next to one of the pusher's friends, else straight back, and follow it
 * (RULINGS H3); a foe that a friend already stands beside is left there rather than pushed away
 * from it (the console's choice). Else let the chance go.
 */
export function retreatCandidates(state: EncounterState, f: FigureState): Candidate[] {
  const offer = state.turnState?.retreatOffers.find((o) => o.figureId === f.id);
  const friends = state.figures.filter((o) => o.id !== f.id && o.sideId === f.sideId && canAct(o));
  const besideFriend = (h: Hex): boolean => friends.some((o) => hexDistance(o.position, h) === 1);
  const out: Candidate[] = [];
  const decline: Candidate = { command: { type: 'declineRetreat', figureId: f.id }, reason: `${f.name} lets the forced retreat go.` };
  for (const targetId of offer?.targetIds ?? []) {
    const target = state.figures.find((o) => o.id === targetId);
    if (target === undefined) continue;
    const free = retreatHexes(state, f, target);
    const hexes = (free.length > 0 ? free : [0, 1, 2, 3, 4, 5].map((d) => hexNeighbor(target.position, d)))
      .map((h) => ({ h, friend: besideFriend(h), away: hexDistance(f.position, h) }))
      .sort((a, b) => Number(b.friend) - Number(a.friend) || b.away - a.away);
    if (besideFriend(target.position) && hexes[0]?.friend !== true) {
      out.push({ ...decline, reason: `${f.name} leaves ${target.name} where a friend can strike it, and lets the forced retreat go.` });
      continue;
    }
    for (const { h, friend } of hexes) {
      out.push({
        command: { type: 'forcedRetreat', figureId: f.id, targetId, to: h, advance: true },
        reason: `${f.name} drives ${target.name} back a hex${friend ? ' toward a friend' : ''} and follows (RULINGS H3).`,
      });
    }
  }
  out.push(decline);
  return out;
}

/**
 * What may be taken at any moment, for the figures of `sides` (all sides when null): a runaway
 * caster's anchor roll (RULINGS S6), a shot of opportunity and a pass-by first strike (RULINGS O3).
 */
export function offerCandidates(state: EncounterState, sides: ReadonlySet<string> | null): Candidate[] {
  const mine = (id: string): FigureState | undefined => {
    const f = state.figures.find((x) => x.id === id);
    return f !== undefined && canAct(f) && (sides === null || sides.has(f.sideId)) ? f : undefined;
  };
  const out: Candidate[] = [];
  for (const r of magicOf(state).runaways) {
    const f = mine(r.casterId);
    if (f !== undefined && r.lastAnchorTurn !== state.turn)
      out.push({ command: { type: 'anchorRoll', figureId: f.id }, reason: `${f.name} tries to anchor the runaway ${r.spellName} (RULINGS S6).` });
  }
  for (const o of state.turnState?.opportunities ?? []) {
    const f = mine(o.defenderId);
    if (f !== undefined)
      out.push({ command: { type: 'opportunityAttack', figureId: f.id, moverId: o.moverId }, reason: `${f.name} takes its shot of opportunity (RULINGS O3).` });
  }
  for (const o of state.turnState?.firstStrikes ?? []) {
    const f = mine(o.defenderId);
    if (f !== undefined)
      out.push({
        command: { type: 'firstStrike', figureId: f.id, attackerId: o.attackerId },
        reason: `${f.name} strikes first at the charging foe (RULINGS O3).`,
      });
  }
  return out;
}
