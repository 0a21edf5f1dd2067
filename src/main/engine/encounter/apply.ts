import type { Command, CommandOf } from '../../../shared/commands';
import { AppError } from '../../../shared/errors';
import { hexDistance, hexKey } from '../../../shared/hex';
import { isOnMap } from '../../../shared/mapGrid';
import type { Dice } from '../dice/types';
import { asRuleSet, DEFAULT_RULES, type Rules, type RuleSet } from '../rules';
import {
  applyBindWound,
  applyCastSpell,
  applyDefence,
  applyDisbelieve,
  applyDisengage,
  applyDrawDagger,
  applyDropDown,
  applyHthAttack,
  applyHthDisengage,
  applyPass,
  applySetCondition,
  applySetPosture,
  applyStandUp,
  applyAttemptHth,
} from './actions';
import { applyDeclineRetreat, applyForcedRetreat } from './forcedRetreatPhase';
import { applyChangeWeapon, applyPickUpWeapon, applyReadyWeapon } from './weaponOptions';
import type { ApplyResult } from './events';
import { applyAnchorRoll, applyCounterspell, applyIntervene, applyRest, applySpellRuling } from './magicActions';
import { applyBorrowToRenew, applyLetSpellLapse, applyRenewSpell } from './renewPhase';
import { applyHeal, applySetPools, applyTakeDamage } from './gmPools';
import { applyAddSide, applyUpdateSide } from './sides';
import { calibrateMap, paintTerrain, setHexesHidden, setMapImage } from './mapEdit';
import { fitMapToImage, resizeMap } from './mapSize';
import { applyAddFigure, applyRemoveFigure, applyUpdateFigure } from './roster';
import { applyMove, applyYield, slowestModeTo } from './movement/move';
import { applyDismount, applyMount, applySetRideScore, carryRider, moverFor, riderInHthRefusal } from './movement/mounts';
import { applyPlaceFallenRider, seatRiders } from './movement/riderFalls';
import { applyPushMove, isPushMove } from './movement/push';
import { applyPickUpPack } from './pack';
import { applyEngageGround, applyFly, applyLand, applySetFlyingMa, applyTakeOff, groundMoveRefusal } from './movement/flight';
import { applySweepingBlow } from './sweepingBlow';
import { applyTwoWeaponAttack } from './twoWeapons';
import { applyAttack, applyFirstStrike, applyOpportunityAttack, applyWaiveFirstStrike } from './resolveAttack';
import type { EncounterState, FigureState } from './schema';
import { anyRider, figureById, replaceFigure, riderOf } from './state';
import { advancePhase, chooseInitiative, declare, reorderMovement, rollInitiative } from './turn';
import { setInitiativeScore } from './initiative';
import { requireTurn } from './turn';
import { MOVEMENT_PHASES } from '../../../shared/schemas';
import { Tx } from './tx';
import { effectiveMap } from '../map/effectiveMap';

/**
 * The engine's one entry point: the next state and what happened. Pure: the same state, command
 * and dice give the same result. `rules` are the campaign's settings (default: RULINGS.md).
 */
export function apply(state: EncounterState, command: Command, dice: Dice, rules: Rules | RuleSet = DEFAULT_RULES): ApplyResult<EncounterState> {
  // The stored settings become the one `Rules` value with the options' strategies (RULINGS O1–O4).
  const tx = new Tx(state, dice, asRuleSet(rules));
  const done = runCommand(tx, state, command) ?? tx.result();
  // Riders go where their mounts go, whatever moved them, and fall when they fall (RULINGS H9).
  const seated = seatRiders(done.state);
  return seated.events.length === 0 && seated.state === done.state ? done : { ...done, state: seated.state, events: [...done.events, ...seated.events] };
}

/**
 * `apply`'s state alone, for a replay that drops the events: the same rules draw the same dice in
 * the same order and refuse the same commands, but build no events (docs/design-notes.md §A quiet replay).
 */
export function applyQuietly(state: EncounterState, command: Command, dice: Dice, rules: Rules | RuleSet = DEFAULT_RULES): EncounterState {
  const tx = new Tx(state, dice, asRuleSet(rules), true);
  const next = (runCommand(tx, state, command) ?? tx).state;
  return anyRider(next.figures) || next.fallenRiders !== undefined ? seatRiders(next).state : next;
}

/** Applies `command` on `tx`: its result when the command makes one whole, else null (the result is `tx`'s). */
function runCommand(tx: Tx, state: EncounterState, command: Command): ApplyResult<EncounterState> | null {
  switch (command.type) {
    case 'moveFigure': {
      // GM placement (an override by its nature; the log keeps the command): one step by hand.
      const figure = figureById(state, command.figureId);
      const to = command.to;
      if (!isOnMap(state.map, to)) throw new AppError('rule', `${figure.name} cannot leave the map.`);
      if (hexDistance(figure.position, to) !== 1) {
        throw new AppError('rule', `${figure.name} can only step to an adjacent hex here.`);
      }
      // RULINGS M7: walls block movement.
      if (effectiveMap(state).isWall(to)) throw new AppError('rule', `A wall blocks that hex.`);
      // RULINGS M7: a hex with a living figure cannot be entered (HTH is its own action, H1).
      const occupant = state.figures.find((f) => f.id !== figure.id && hexKey(f.position) === hexKey(to) && f.posture !== 'dead');
      if (occupant) throw new AppError('rule', `${occupant.name} is already in that hex.`);
      if (figure.hthWith.length > 0) throw new AppError('rule', `${figure.name} is in hand-to-hand combat: disengage first (option v).`);
      const facing = command.facing ?? figure.facing;
      return {
        state: replaceFigure(state, { ...figure, position: to, facing }),
        events: [
          { type: 'figureMoved', figureId: figure.id, from: figure.position, to, source: 'RULINGS M7' },
          ...(facing !== figure.facing ? [{ type: 'figureTurned' as const, figureId: figure.id, from: figure.facing, to: facing, source: '001 §Facing' }] : []),
        ],
        rolls: [],
      };
    }
    case 'turnFigure': {
      const figure = figureById(state, command.figureId);
      return {
        state: replaceFigure(state, { ...figure, facing: command.facing }),
        events: [{ type: 'figureTurned', figureId: figure.id, from: figure.facing, to: command.facing, source: '001 §Facing' }],
        rolls: [],
      };
    }
    case 'paintTerrain':
      return paintTerrain(state, command.hexes, command.terrain);
    case 'setHexesHidden':
      return setHexesHidden(state, command.hexes, command.hidden);
    case 'setFigureHidden': {
      const figure = figureById(state, command.figureId);
      return {
        state: replaceFigure(state, { ...figure, hidden: command.hidden }),
        events: [{ type: 'figureHidden', figureId: figure.id, hidden: command.hidden, source: 'DESIGN §One picture' }],
        rolls: [],
      };
    }
    case 'rollInitiative':
      rollInitiative(tx);
      break;
    case 'chooseInitiative':
      chooseInitiative(tx, command);
      break;
    case 'advancePhase':
      advancePhase(tx, command);
      break;
    case 'reorderMovement':
      reorderMovement(tx, command);
      break;
    case 'declare':
      declare(tx, command);
      break;
    case 'setInitiativeScore':
      setInitiativeScore(tx, command);
      break;
    case 'move':
      moveCommand(tx, state, command);
      break;
    case 'mount':
      applyMount(tx, command);
      break;
    case 'dismount':
      applyDismount(tx, command);
      break;
    case 'setRideScore':
      applySetRideScore(tx, command);
      break;
    case 'placeFallenRider':
      applyPlaceFallenRider(tx, command);
      break;
    case 'yieldMove':
      applyYield(tx, command);
      break;
    case 'takeOff':
      applyTakeOff(tx, command);
      break;
    case 'fly':
      applyFly(tx, command);
      break;
    case 'land':
      applyLand(tx, command);
      break;
    case 'engageGround':
      applyEngageGround(tx, command);
      break;
    case 'setFlyingMa':
      applySetFlyingMa(tx, command);
      break;
    case 'attack':
      applyAttack(tx, command);
      break;
    case 'twoWeaponAttack':
      applyTwoWeaponAttack(tx, command);
      break;
    case 'sweepingBlow':
      applySweepingBlow(tx, command);
      break;
    case 'opportunityAttack':
      // RULINGS O3 (002 §Attacks of Opportunity): the shot the move offered.
      applyOpportunityAttack(tx, command);
      break;
    case 'firstStrike':
      // RULINGS O3 (002 §Charging): the defender of a pass-by charge won the roll-off.
      applyFirstStrike(tx, command);
      break;
    case 'waiveFirstStrike':
      applyWaiveFirstStrike(tx, command);
      break;
    case 'dodge':
    case 'defend':
      applyDefence(tx, command);
      break;
    case 'dropDown':
      applyDropDown(tx, command);
      break;
    case 'readyWeapon':
      applyReadyWeapon(tx, command);
      break;
    case 'changeWeapon':
      applyChangeWeapon(tx, command);
      break;
    case 'pickUpWeapon':
      applyPickUpWeapon(tx, command);
      break;
    case 'pickUpPack':
      applyPickUpPack(tx, command);
      break;
    case 'standUp':
      applyStandUp(tx, command);
      break;
    case 'disengage':
      applyDisengage(tx, command);
      break;
    case 'attemptHth':
      applyAttemptHth(tx, command);
      break;
    case 'hthAttack':
      applyHthAttack(tx, command);
      break;
    case 'drawDagger':
      applyDrawDagger(tx, command);
      break;
    case 'hthDisengage':
      applyHthDisengage(tx, command);
      break;
    case 'disbelieve':
      applyDisbelieve(tx, command);
      break;
    case 'castSpell':
      applyCastSpell(tx, command);
      break;
    case 'renewSpell':
      applyRenewSpell(tx, command);
      break;
    case 'borrowToRenew':
      applyBorrowToRenew(tx, command);
      break;
    case 'letSpellLapse':
      applyLetSpellLapse(tx, command);
      break;
    case 'anchorRoll':
      applyAnchorRoll(tx, command);
      break;
    case 'intervene':
      applyIntervene(tx, command);
      break;
    case 'counterspell':
      applyCounterspell(tx, command);
      break;
    case 'spellRuling':
      applySpellRuling(tx, command);
      break;
    case 'rest':
      applyRest(tx, command);
      break;
    case 'bindWound':
      applyBindWound(tx, command);
      break;
    case 'pass':
      applyPass(tx, command);
      break;
    case 'forcedRetreat':
      applyForcedRetreat(tx, command);
      break;
    case 'declineRetreat':
      applyDeclineRetreat(tx, command);
      break;
    case 'setCondition':
      applySetCondition(tx, command);
      break;
    case 'setPosture':
      applySetPosture(tx, command);
      break;
    case 'addFigure':
      applyAddFigure(tx, command);
      break;
    case 'updateFigure':
      applyUpdateFigure(tx, command);
      break;
    case 'removeFigure':
      applyRemoveFigure(tx, command);
      break;
    case 'setMapImage':
      return setMapImage(state, command.image);
    case 'calibrateMap':
      return calibrateMap(state, command.pins, command.placement);
    case 'resizeMap':
      return resizeMap(state, command.cols, command.rows);
    case 'fitMapToImage':
      return fitMapToImage(state);
    case 'takeDamage':
      applyTakeDamage(tx, command);
      break;
    case 'heal':
      applyHeal(tx, command);
      break;
    case 'setPools':
      applySetPools(tx, command);
      break;
    case 'addSide':
      applyAddSide(tx, command);
      break;
    case 'updateSide':
      applyUpdateSide(tx, command);
      break;
  }
  return null;
}

/** A rider's move is its mount's (movement/mounts.ts); a big figure may push smaller ones (004 §Engagement). */
function moveCommand(tx: Tx, state: EncounterState, command: CommandOf<'move'>): void {
  const mover = moverFor(state, command.figureId);
  // RULINGS H6: a flier in the air flies (`fly`) or lands; it may hover where it is.
  const aloft = groundMoveRefusal(mover);
  if (aloft !== null && command.mode !== 'stand-still') throw new AppError('rule', aloft);
  const rider = riderOf(state, mover.id);
  if (rider !== undefined && rider.hthWith.length > 0 && command.mode !== 'stand-still') throw new AppError('rule', riderInHthRefusal(rider));
  if (mover.id !== command.figureId) requireTurn(tx, command, MOVEMENT_PHASES);
  const c = mover.id === command.figureId ? command : { ...command, figureId: mover.id };
  // One hex pushes nobody (isPushMove): no fallback to build for it.
  if (mover.size !== 1 && pushes(tx, state, mover, c)) applyPushMove(tx, c);
  else applyMove(tx, c);
  carryRider(tx, mover.id);
}

function pushes(tx: Tx, state: EncounterState, mover: FigureState, c: CommandOf<'move'>): boolean {
  return isPushMove(state, mover, c, () => slowestModeTo(tx, mover.id, c.to, c.dropPack === true) !== null);
}
