import type { ChannelName, EventName } from '../../../shared/contract';
import type { ContractNames } from './wsClient';

/**
 * The GM page's channels and events, written out so the page does not load the contract's
 * schemas (and zod, a fifth of its script) only to list names (issue 18 item 4).
 * tests/unit/renderer/playerNames.test.ts keeps them equal to what the contract grants the GM role.
 */
export const GM_NAMES: ContractNames = {
  channels: [
    'getGmView', 'sendCommand', 'undo', 'redo', 'reachable', 'legalOptions', 'attackPreview', 'figureZones',
    'listCampaigns', 'createCampaign', 'openCampaign', 'renameCampaign', 'duplicateCampaign',
    'deleteCampaign', 'listEncounters', 'createEncounter', 'encounterSides', 'describeEncounterRules',
    'setEncounterRules', 'renameEncounter', 'duplicateEncounter', 'deleteEncounter', 'openEncounter',
    'undoToTurnStart', 'listBackups', 'restoreBackup', 'salvageLog', 'exportCampaign', 'exportEncounter',
    'importBundle', 'exportCombatLog', 'getRules', 'setRules', 'describeRules', 'importMapImage',
    'measureRange', 'getProjector', 'setProjector', 'listHandouts', 'addHandout', 'deleteHandout',
    'showHandout', 'manaView', 'renewalQueue', 'runawayView', 'castPreview', 'castings', 'figureSheet',
    'checkFigureSheet', 'figureCatalogue', 'listRoster', 'saveToRoster', 'removeFromRoster', 'getLog',
    'turnRules', 'twoWeaponPreview', 'sweepPreview', 'specialActions', 'suggestStep', 'setAutopilot',
    'getAutopilot', 'simulate', 'cancelSimulation', 'replaySimulatedFight', 'listSimulations',
    'placementCheck', 'previewDrop', 'rollCreation',
  ] satisfies ChannelName[],
  events: ['gmView', 'projector', 'importProgress', 'autopilot', 'simulation'] satisfies EventName[],
};
