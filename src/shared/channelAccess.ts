/**
 * Who may call each channel of the contract and who hears each push: the one place a channel's
 * roles are written. Plain data with no schema, so the pages read their own names from it
 * (`contractNames`) without loading zod; `contract.ts` joins it to the channels' schemas and the
 * type checker fails until both name the same channels.
 */

/** Who may call a channel: the GM's window, a player display, or a player's seat (one phone, its own figures). */
export type Role = 'gm' | 'player' | 'seat';
export const ROLES: readonly Role[] = ['gm', 'player', 'seat'];
/** The roles with one page and one token each; a seat's token is its own (services/seats). */
export type PageRole = Exclude<Role, 'seat'>;

/** Each channel's callers, grouped as the schema files under `channels/` group them. */
export const CHANNEL_ROLES = {
  // contract/channels/encounter.ts
  getGmView: ['gm'],
  sendCommand: ['gm'],
  undo: ['gm'],
  redo: ['gm'],
  reachable: ['gm'],
  legalOptions: ['gm'],
  attackPreview: ['gm'],
  figureZones: ['gm'],
  // contract/channels/campaign.ts
  listCampaigns: ['gm'],
  createCampaign: ['gm'],
  openCampaign: ['gm'],
  renameCampaign: ['gm'],
  duplicateCampaign: ['gm'],
  deleteCampaign: ['gm'],
  listEncounters: ['gm'],
  createEncounter: ['gm'],
  encounterSides: ['gm'],
  describeEncounterRules: ['gm'],
  setEncounterRules: ['gm'],
  renameEncounter: ['gm'],
  duplicateEncounter: ['gm'],
  deleteEncounter: ['gm'],
  openEncounter: ['gm'],
  undoToTurnStart: ['gm'],
  listBackups: ['gm'],
  restoreBackup: ['gm'],
  salvageLog: ['gm'],
  importBundle: ['gm'],
  exportCombatLog: ['gm'],
  getRules: ['gm'],
  setRules: ['gm'],
  describeRules: ['gm'],
  importMapImage: ['gm'],
  // contract/channels/player.ts
  getPlayerView: ['player', 'gm', 'seat'],
  // contract/channels/map.ts
  measureRange: ['gm'],
  // contract/channels/display.ts
  getProjector: ['gm', 'player'],
  getTableProjector: ['gm', 'seat'],
  setProjector: ['gm'],
  stageBack: ['gm'],
  pingHex: ['gm'],
  showRuler: ['gm'],
  reportPlayerDisplay: ['player'],
  // contract/channels/handouts.ts
  listHandouts: ['gm'],
  addHandout: ['gm'],
  deleteHandout: ['gm'],
  showHandout: ['gm'],
  // contract/channels/magic.ts
  manaView: ['gm'],
  renewalQueue: ['gm'],
  runawayView: ['gm'],
  castPreview: ['gm'],
  castings: ['gm'],
  // contract/channels/figure.ts
  figureSheet: ['gm'],
  checkFigureSheet: ['gm'],
  figureCatalogue: ['gm'],
  listRoster: ['gm'],
  saveToRoster: ['gm'],
  removeFromRoster: ['gm'],
  // contract/channels/log.ts
  getLog: ['gm'],
  // contract/channels/rules.ts
  turnRules: ['gm'],
  // contract/channels/specialActions.ts
  twoWeaponPreview: ['gm'],
  sweepPreview: ['gm'],
  specialActions: ['gm'],
  // contract/channels/tactics.ts
  suggestStep: ['gm'],
  setAutopilot: ['gm'],
  setHiddenFigures: ['gm'],
  resumeAutopilot: ['gm'],
  getAutopilot: ['gm'],
  simulate: ['gm'],
  prepareSimulation: ['gm'],
  cancelSimulation: ['gm'],
  replaySimulatedFight: ['gm'],
  listSimulations: ['gm'],
  // contract/channels/placing.ts
  placementCheck: ['gm'],
  previewDrop: ['gm'],
  rollCreation: ['gm'],
  // contract/channels/seats.ts
  listSeats: ['gm'],
  saveSeat: ['gm'],
  reissueSeat: ['gm'],
  revokeSeat: ['gm'],
  showSeatCode: ['gm'],
  getSeatView: ['seat'],
  // contract/channels/seatDice.ts
  askSeatDice: ['gm'],
  settleSeatDice: ['gm'],
  listSeatRolls: ['gm'],
  offerSeatDice: ['seat'],
} as const satisfies Record<string, readonly Role[]>;

/** Each push's listeners. `seatView` goes to one seat's sockets only (`EVENTS.seatView.toOneSeat`). */
export const EVENT_ROLES = {
  gmView: ['gm'],
  /** The table's frame: to the player display, to the GM page for its mirror of the TV, and to the seats' phones for theirs. */
  playerView: ['player', 'gm', 'seat'],
  projector: ['gm', 'player'],
  /** The projector's state as the player display gets it, for the GM's mirror and the seats' phones. */
  tableProjector: ['gm', 'seat'],
  importProgress: ['gm'],
  transferProgress: ['gm'],
  autopilot: ['gm'],
  simulation: ['gm'],
  seatView: ['seat'],
  /** The rolls the GM's page waits on from seats, and the faces sent for them. */
  seatRolls: ['gm'],
} as const satisfies Record<string, readonly Role[]>;

export type ChannelName = keyof typeof CHANNEL_ROLES;
export type EventName = keyof typeof EVENT_ROLES;

/** The channels a page may call and the events it may listen to. */
export interface ContractNames {
  readonly channels: readonly ChannelName[];
  readonly events: readonly EventName[];
}

const grantedTo = <N extends string>(table: Record<N, readonly Role[]>, role: Role): N[] =>
  (Object.keys(table) as N[]).filter((name) => table[name].includes(role));

export function contractNames(role: Role): ContractNames {
  return { channels: grantedTo(CHANNEL_ROLES, role), events: grantedTo(EVENT_ROLES, role) };
}

/** The IPC channel name of a contract channel, and of a push. */
export const ipcChannel = (name: ChannelName): string => `pillars:${name}`;
export const ipcEvent = (name: EventName): string => `pillars:event:${name}`;
