/**
 * Every command and the code that applies it: one row per command type. The mapped type keeps the
 * table whole: a command added to the contract (shared/contract/commands.ts) fails the build until it has a
 * row. A row changes the transaction (`tx`) or returns a whole result of its own.
 */
import type { Command, CommandOf } from '../../../shared/contract/commands';
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
} from './actions/actions';
import { applyDeclineRetreat, applyForcedRetreat } from './turn/forcedRetreatPhase';
import { applyChangeWeapon, applyPickUpWeapon, applyReadyWeapon } from './actions/weaponOptions';
import type { ApplyResult } from './events';
import { applyAnchorRoll, applyCounterspell, applyIntervene, applyRest, applySpellRuling } from './magic/magicActions';
import { applyBorrowToRenew, applyLetSpellLapse, applyRenewSpell } from './turn/renewPhase';
import { applyHeal, applySetPools, applyTakeDamage } from './figures/gmPools';
import { applyAddSide, applyUpdateSide } from './figures/sides';
import { applyMarkFigure, applyUnmarkFigure } from './figures/figureMarks';
import { applyDrawOnMap, applyEraseDrawing } from './map/mapDrawings';
import { calibrateMap, paintTerrain, setHexesHidden, setMapImage } from './map/mapEdit';
import { fitMapToImage, resizeMap } from './map/mapSize';
import { applyAddFigure, applyRemoveFigure, applyUpdateFigure } from './figures/roster';
import { applyYield } from './movement/move';
import { applyDismount, applyMount, applySetRideScore } from './movement/mounts';
import { applyPlaceFallenRider } from './movement/riderFalls';
import { applyPickUpPack } from './actions/pack';
import { applyEngageGround, applyFly, applyLand, applySetFlyingMa, applyTakeOff } from './movement/flight';
import { applySweepingBlow } from './actions/sweepingBlow';
import { applyTwoWeaponAttack } from './actions/twoWeapons';
import { applyAttack, applyFirstStrike, applyOpportunityAttack, applyWaiveFirstStrike } from './actions/resolveAttack';
import type { EncounterState } from './schema';
import { advancePhase, chooseInitiative, declare, reorderMovement, rollInitiative } from './turn/turn';
import { setInitiativeScore } from './turn/initiative';
import type { Tx } from './tx';
import { hideByHand, placeByHand, turnByHand } from './map/handCommands';
import { moveCommand } from './movement/moveCommand';
import { applyRevealToParty, applySetPartySight } from './map/partySight';

export type CommandHandler<T extends Command['type']> = (tx: Tx, command: CommandOf<T>, state: EncounterState) => ApplyResult<EncounterState> | void;

export const COMMANDS: { readonly [T in Command['type']]: CommandHandler<T> } = {
  moveFigure: (_tx, c, state) => placeByHand(state, c),
  turnFigure: (_tx, c, state) => turnByHand(state, c),
  paintTerrain: (_tx, c, state) => paintTerrain(state, c.hexes, c.terrain),
  setHexesHidden: (_tx, c, state) => setHexesHidden(state, c.hexes, c.hidden),
  setFigureHidden: (_tx, c, state) => hideByHand(state, c),
  setPartySight: (_tx, c, state) => applySetPartySight(state, c),
  revealToParty: (_tx, c, state) => applyRevealToParty(state, c),
  rollInitiative: (tx) => rollInitiative(tx),
  chooseInitiative: chooseInitiative,
  advancePhase: advancePhase,
  reorderMovement: reorderMovement,
  declare: declare,
  setInitiativeScore: setInitiativeScore,
  move: (tx, c, state) => moveCommand(tx, state, c),
  mount: applyMount,
  dismount: applyDismount,
  setRideScore: applySetRideScore,
  placeFallenRider: applyPlaceFallenRider,
  yieldMove: applyYield,
  takeOff: applyTakeOff,
  fly: applyFly,
  land: applyLand,
  engageGround: applyEngageGround,
  setFlyingMa: applySetFlyingMa,
  attack: applyAttack,
  twoWeaponAttack: applyTwoWeaponAttack,
  sweepingBlow: applySweepingBlow,
  // RULINGS O3 (002 §Attacks of Opportunity): the shot the move offered.
  opportunityAttack: applyOpportunityAttack,
  // RULINGS O3 (002 §Charging): the defender of a pass-by charge won the roll-off.
  firstStrike: applyFirstStrike,
  waiveFirstStrike: applyWaiveFirstStrike,
  dodge: applyDefence,
  defend: applyDefence,
  dropDown: applyDropDown,
  readyWeapon: applyReadyWeapon,
  changeWeapon: applyChangeWeapon,
  pickUpWeapon: applyPickUpWeapon,
  pickUpPack: applyPickUpPack,
  standUp: applyStandUp,
  disengage: applyDisengage,
  attemptHth: applyAttemptHth,
  hthAttack: applyHthAttack,
  drawDagger: applyDrawDagger,
  hthDisengage: applyHthDisengage,
  disbelieve: applyDisbelieve,
  castSpell: applyCastSpell,
  renewSpell: applyRenewSpell,
  borrowToRenew: applyBorrowToRenew,
  letSpellLapse: applyLetSpellLapse,
  anchorRoll: applyAnchorRoll,
  intervene: applyIntervene,
  counterspell: applyCounterspell,
  spellRuling: applySpellRuling,
  rest: applyRest,
  bindWound: applyBindWound,
  pass: applyPass,
  forcedRetreat: applyForcedRetreat,
  declineRetreat: applyDeclineRetreat,
  setCondition: applySetCondition,
  setPosture: applySetPosture,
  addFigure: applyAddFigure,
  updateFigure: applyUpdateFigure,
  removeFigure: applyRemoveFigure,
  setMapImage: (_tx, c, state) => setMapImage(state, c.image),
  calibrateMap: (_tx, c, state) => calibrateMap(state, c.pins, c.placement),
  resizeMap: (_tx, c, state) => resizeMap(state, c.cols, c.rows),
  fitMapToImage: (_tx, _c, state) => fitMapToImage(state),
  takeDamage: applyTakeDamage,
  heal: applyHeal,
  setPools: applySetPools,
  addSide: applyAddSide,
  updateSide: applyUpdateSide,
  markFigure: applyMarkFigure,
  unmarkFigure: applyUnmarkFigure,
  drawOnMap: applyDrawOnMap,
  eraseDrawing: applyEraseDrawing,
};
