/**
 * The player, GM and seat pages list their channels and events by hand (src/renderer/src/api/playerNames.ts,
 * gmNames.ts, seatNames.ts) so that they load no schema; they must stay exactly what the contract grants each role.
 */
import { describe, expect, it } from 'vitest';
import { channelNamesFor, eventNamesFor } from '../../../src/shared/contract';

// Renderer code is outside tsconfig.node.json's file list (see tests/unit/map/projection.test.ts):
// imported by a computed path.
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'api', 'playerNames'].join('/');
const { PLAYER_NAMES } = (await import(/* @vite-ignore */ modulePath)) as { PLAYER_NAMES: { channels: string[]; events: string[] } };
const gmModulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'api', 'gmNames'].join('/');
const { GM_NAMES } = (await import(/* @vite-ignore */ gmModulePath)) as { GM_NAMES: { channels: string[]; events: string[] } };

const seatModulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'api', 'seatNames'].join('/');
const { SEAT_NAMES } = (await import(/* @vite-ignore */ seatModulePath)) as { SEAT_NAMES: { channels: string[]; events: string[] } };

describe("the player page's contract names", () => {
  it('are the channels and events the contract grants the player role, no more and no fewer', () => {
    expect([...PLAYER_NAMES.channels].sort()).toEqual([...channelNamesFor('player')].sort());
    expect([...PLAYER_NAMES.events].sort()).toEqual([...eventNamesFor('player')].sort());
  });

  it("the GM page's are the channels and events the contract grants the GM role, no more and no fewer", () => {
    expect([...GM_NAMES.channels].sort()).toEqual([...channelNamesFor('gm')].sort());
    expect([...GM_NAMES.events].sort()).toEqual([...eventNamesFor('gm')].sort());
  });

  it("the seat page's are the channel and event the contract grants a seat, no more and no fewer", () => {
    expect([...SEAT_NAMES.channels].sort()).toEqual([...channelNamesFor('seat')].sort());
    expect([...SEAT_NAMES.events].sort()).toEqual([...eventNamesFor('seat')].sort());
  });
});
