import { hexKey } from '../../shared/hex';
import type { GmView, PlayerView } from '../../shared/views';
import { itemsOf, turnStateOf, type EncounterState } from '../engine/encounter/schema';
import { movementLeft } from '../engine/encounter/movement/reachable';
import { phaseStatus } from '../engine/encounter/turn';

export interface HistoryInfo {
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly logLength: number;
}

export function gmView(
  campaign: { id: string; name: string },
  state: EncounterState,
  history: HistoryInfo,
  revision: number,
): GmView {
  const ts = turnStateOf(state);
  const status = phaseStatus(state);
  return {
    campaign: { id: campaign.id, name: campaign.name },
    encounter: {
      id: state.id,
      name: state.name,
      map: state.map,
      sides: state.sides,
      figures: state.figures.map((f) => ({
        id: f.id,
        name: f.name,
        sideId: f.sideId,
        position: f.position,
        facing: f.facing,
        size: f.size,
        posture: f.posture,
        attributes: f.attributes,
        fatigue: f.fatigue,
        body: f.body,
        hidden: f.hidden,
        gmNotes: f.gmNotes,
        mana: f.mana,
        spells: state.spells
          .filter((s) => s.casterId === f.id)
          .map((s) => ({ spellId: s.spellId, name: s.name, targetId: s.targetId, renewalCost: s.renewalCost })),
        equipment: { ...f.equipment, weaponIds: [...f.equipment.weaponIds] },
        conditions: [...f.conditions],
        hthWith: [...f.hthWith],
        turn: {
          mode: f.turn.mode,
          spent: f.turn.spent,
          yielded: f.turn.yielded,
          option: f.turn.option,
          defence: f.turn.defence,
          moved: ts.moveDone.includes(f.id),
          acted: ts.actionDone.includes(f.id),
        },
        movementLeft: movementLeft(state, f),
      })),
      turn: state.turn,
      phase: state.phase,
      tracker: {
        order: [...status.order],
        due: [...status.due],
        pending: [...status.pending],
        waitingFor: status.waitingFor,
        initiative: ts.initiative
          ? { rolls: ts.initiative.rolls.map((r) => ({ ...r })), order: [...(ts.initiative.chosen ? ts.initiative.order : ts.initiative.rollOrder)], chosen: ts.initiative.chosen }
          : null,
        moveOrder: [...ts.moveOrder],
        actionOrder: [...ts.actionOrder],
        retreatOffers: ts.retreatOffers.map((o) => ({ figureId: o.figureId, targetIds: [...o.targetIds] })),
      },
      items: itemsOf(state).map((i) => ({ id: i.id, kind: i.kind, itemId: i.itemId, position: { q: i.position.q, r: i.position.r } })),
    },
    history,
    revision,
  };
}

/**
 * The player trust boundary (DESIGN §One picture): the only function that decides what a
 * player window sees. It copies named public fields onto fresh objects, so a secret added to
 * the state later stays out until someone names it here.
 */
export function playerView(state: EncounterState, revision: number): PlayerView {
  const fogged = new Set(state.map.hidden);
  const terrain: Record<string, PlayerView['encounter']['map']['terrain'][string]> = {};
  for (const [key, kind] of Object.entries(state.map.terrain)) {
    if (!fogged.has(key)) terrain[key] = kind;
  }
  return {
    encounter: {
      name: state.name,
      map: {
        cols: state.map.cols,
        rows: state.map.rows,
        orientation: state.map.orientation,
        terrain,
        fogged: [...fogged],
      },
      sides: state.sides.map((s) => ({ id: s.id, name: s.name, color: s.color })),
      figures: state.figures
        .filter((f) => !f.hidden && !fogged.has(hexKey(f.position)))
        .map((f) => ({
          id: f.id,
          name: f.name,
          sideId: f.sideId,
          position: { q: f.position.q, r: f.position.r },
          facing: f.facing,
          size: f.size,
          posture: f.posture,
        })),
      turn: state.turn,
      phase: state.phase,
    },
    revision,
  };
}
