import { hexDistance } from '../../shared/hex';
import type { EncounterEvent } from '../engine/encounter/events';
import type { EncounterState } from '../engine/encounter/schema';
import { nothingFor } from './audience';
import { placeInWords } from './place';
import { seesSpell, type Sight } from './sight';
import { attackNote, GAIT_WORDS, plural, POSTURE_WORDS, spellName, weaponName } from './words';

/**
 * What an audience learns of one event, in a sentence of the players' line and recap, or null
 * (DESIGN §The player projection). Every event type of the engine is named below (the `never`
 * check fails the build when one is added), so a new event says nothing to players until someone
 * decides here what the table saw of it. What no audience hears: mana, Debt, costs, pushes,
 * control, casting and anchor rolls, runaways' inner workings, pools, the GM's corrections and
 * rulings, fog and terrain edits, bookkeeping of the turn; an illusion, or a spell the magic view
 * hides; anything about a figure or side out of sight; raw hex coordinates (a place is said from a
 * figure in sight, projection/place.ts); a cause the GM typed without "tell the players".
 *
 * The console's choice for an unseen figure's deed on a seen one: the table sees wounds and falls
 * of the figures it can see, never who or what unseen caused them nor its roll. A blow from out of
 * sight that gets through armour reads "Bram was hurt." (as the GM's own damage does); one that
 * misses or is stopped says nothing; a fall reads as any posture change.
 */
export interface TableContext {
  /** What the audience saw before the command or sees after it. */
  readonly sight: Sight;
  /** The state after the command: places are said from where figures stand now. */
  readonly state: EncounterState;
  /** A figure's or side's name as the audience knows it. */
  name(id: string): string;
  /** The casting a counterspell was against, when the state still records it. */
  casting(castingId: string): { readonly spellId: string; readonly targetId: string | null; readonly at?: { q: number; r: number } } | undefined;
}

export function tableSentence(e: EncounterEvent, ctx: TableContext): string | null {
  const sees = (...ids: string[]) => ids.every((id) => ctx.sight.figures.has(id));
  const name = ctx.name;
  switch (e.type) {
    case 'initiativeRolled': {
      const rolls = e.rolls.filter((r) => ctx.sight.sides.has(r.sideId)).map((r) => `${name(r.sideId)} ${r.total}`);
      return rolls.length > 0 ? `Initiative: ${rolls.join(', ')}.` : null;
    }
    case 'initiativeChosen':
      return ctx.sight.sides.has(e.sideId) ? `${name(e.sideId)} chose to move ${e.moveFirst ? 'first' : 'second'}.` : null;
    case 'moved': {
      const hexes = Math.max(0, e.path.length - 1);
      if (hexes === 0 || !sees(e.figureId)) return null;
      const gait = GAIT_WORDS[e.mode];
      return `${name(e.figureId)} moved ${plural(hexes, 'hex', 'hexes')}${gait ? ` ${gait}` : ''}${e.engaged ? ', engaging' : ''}.`;
    }
    case 'figureMoved': {
      if (!sees(e.figureId)) return null;
      const place = placeInWords(ctx.state, ctx.sight, e.to, [e.figureId]);
      return place ? `${name(e.figureId)} is now ${place}.` : `${name(e.figureId)} moved.`;
    }
    case 'pushed':
      return sees(e.figureId, e.targetId) ? `${name(e.figureId)} pushed ${name(e.targetId)} back ${plural(hexDistance(e.from, e.to), 'hex', 'hexes')}.` : null;
    case 'passed':
      return sees(e.figureId) ? `${name(e.figureId)} held back.` : null;
    case 'attackRolled': {
      if (!sees(e.attackerId, e.targetId)) return null;
      const result = e.hit ? 'hit' : 'missed';
      return `${name(e.attackerId)} struck at ${name(e.targetId)} with ${weaponName(e.weaponId).toLowerCase()}: ${result} [${e.dice}d6: ${e.roll} against adjDEX ${e.adjDex}].${attackNote(e.result)}`;
    }
    case 'damageDealt': {
      if (!sees(e.targetId)) return null;
      if (!sees(e.attackerId)) return e.taken > 0 ? `${name(e.targetId)} was hurt.` : null;
      const how = `[damage rolled ${e.rolled}${e.multiplier !== 1 ? ` × ${e.multiplier}` : ''}, armour stops ${e.protection}]`;
      return `${name(e.targetId)} took ${e.taken}${e.body ? ' to Body' : ''} ${how}.`;
    }
    case 'poolsChanged': {
      // The GM's own damage and healing (RULINGS C4, C5): the table hears that it happened; the cause only when the GM told them.
      if (e.how === 'set' || !sees(e.figureId)) return null;
      const cause = e.causeTold === true && e.cause ? ` (${e.cause})` : '';
      return `${name(e.figureId)} was ${e.how === 'heal' ? 'healed' : 'hurt'}${cause}.`;
    }
    case 'postureChanged': {
      const word = POSTURE_WORDS[e.to];
      return word && sees(e.figureId) ? `${name(e.figureId)} ${word}.` : null;
    }
    case 'bled':
      return sees(e.figureId) ? `${name(e.figureId)} bled ${e.amount} Body.` : null;
    case 'figureAdded': {
      if (!sees(e.figureId)) return null;
      const place = placeInWords(ctx.state, ctx.sight, e.at, [e.figureId]);
      return `${name(e.figureId)} joined the fight${place ? `, ${place}` : ''}.`;
    }
    case 'figureHidden':
      return !e.hidden && sees(e.figureId) ? `${name(e.figureId)} came into view.` : null;
    case 'figureRevealed':
      return e.revealed && sees(e.figureId) ? `${name(e.figureId)} came into sight.` : null;
    case 'partySight':
      return null;
    case 'spellCast': {
      if (!seesSpell(ctx.sight, { spellId: e.spellId, casterId: e.casterId, targetId: e.targetId, at: e.at })) return null;
      if (e.outcome !== 'succeeded' && e.outcome !== 'missed') return `${name(e.casterId)} tried to cast a spell and failed.`;
      const on = e.targetId !== null ? ` on ${name(e.targetId)}` : e.at ? ` ${placeInWords(ctx.state, ctx.sight, e.at, [e.casterId])}` : '';
      return `${name(e.casterId)} cast ${spellName(e.spellId)}${on.trimEnd()}${e.outcome === 'missed' ? ' and missed' : ''}.`;
    }
    case 'counterspell': {
      const against = ctx.casting(e.castingId);
      if (!sees(e.casterId, e.defenderId) || against === undefined) return null;
      if (!seesSpell(ctx.sight, { spellId: against.spellId, casterId: e.casterId, targetId: against.targetId, at: against.at })) return null;
      const won = e.winner === 'defender' ? `${name(e.defenderId)} countered the spell` : 'the spell held';
      return `${name(e.defenderId)} tried to counter ${name(e.casterId)}'s spell: ${won}.`;
    }
    // The GM's hand on the encounter: fog, terrain, the map image, sides, figures' sheets.
    case 'terrainPainted':
    case 'mapDrawn':
    case 'hexesHidden':
    case 'mapImageSet':
    case 'mapCalibrated':
    case 'mapResized':
    case 'sideAdded':
    case 'sideChanged':
    case 'figureUpdated':
    case 'figureRemoved':
    case 'phaseChanged': // The turn's bookkeeping: the phase, the order and whose move it is are in every frame already.
    case 'orderSet':
    case 'override':
    case 'turnEnded':
    case 'declared':
    case 'initiativeScoreSet':
    case 'figureTurned':
    case 'yielded':
    case 'fatigueSpent':
    case 'optionTaken':
    case 'attackLost':
    case 'actionPointsSpent':
    case 'momentumCarried':
    case 'counterPlaced':
    case 'figureFlipped':
    case 'itemDropped': // Figures' gear, defences and what the tracker offers the GM.
    case 'itemPickedUp':
    case 'weaponReadied':
    case 'weaponBroken':
    case 'defenceDeclared':
    case 'conditionChanged':
    case 'hthChanged':
    case 'hthDefence':
    case 'missileRedirected':
    case 'opportunityOffered':
    case 'firstStrikeOffered':
    case 'firstStrikeWaived':
    case 'chargeBlowLost':
    case 'passByRolled':
    case 'check': // Rolls and pools the GM keeps: saves, tumbles, crashes and heavy blows show as falls and wounds.
    case 'heavyBlowDxPenalty':
    case 'heavyBlowFallsDown':
    case 'strideMoved':
    case 'strideCutShort':
    case 'pushStopped':
    case 'tumbled':
    case 'crashed':
    case 'collided':
    case 'manaSpent': // Magic's inner workings (RULINGS C8): mana, control, rolls, renewal, runaways, the GM's rulings.
    case 'controlRoll':
    case 'castingRoll':
    case 'hitRoll':
    case 'spellActive':
    case 'spellRenewed':
    case 'spellEnded':
    case 'renewalOrder':
    case 'runawayStarted':
    case 'runawayDrain':
    case 'runawayEnded':
    case 'anchorRoll':
    case 'interventionRoll':
    case 'casterUnconscious':
    case 'survivalSave':
    case 'casterDied':
    case 'gmRuling':
    case 'manaRegained':
      return null;
    default:
      return nothingFor(e);
  }
}
