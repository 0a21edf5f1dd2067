import type { ChannelName, EventName } from '../../../shared/contract';
import type { ContractNames } from './wsClient';

/** The seat page's channels and event, written out so the page loads no schema (tests/unit/renderer/playerNames.test.ts keeps them the contract's). */
export const SEAT_NAMES: ContractNames = {
  channels: ['getSeatView', 'offerSeatDice', 'getPlayerView', 'getTableProjector'] satisfies ChannelName[],
  events: ['seatView', 'playerView', 'tableProjector'] satisfies EventName[],
};
