import type { ChannelName, EventName } from '../../../shared/contract';
import type { ContractNames } from './wsClient';

/**
 * The player page's channels and events, written out so the page does not load the contract's
 * schemas (and zod) only to list four names. tests/unit/renderer/playerNames.test.ts keeps them
 * equal to what the contract grants the player role.
 */
export const PLAYER_NAMES: ContractNames = {
  channels: ['getProjector', 'reportPlayerDisplay', 'getPlayerView'] satisfies ChannelName[],
  events: ['playerView', 'projector'] satisfies EventName[],
};
