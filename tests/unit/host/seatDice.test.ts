/**
 * Dice from the seats over the real web host: the GM's page waits on a roll of a seat's figure,
 * that seat's phone (alone) is told and may send faces, the GM's page hears them, and the GM
 * settles the roll; a phone can send nothing the GM does not wait on, nor for a figure of another
 * seat. Nothing is applied by the sending: the log is unchanged until the GM commands.
 */
import { describe, expect, it } from 'vitest';
import type { SeatRolls } from '../../../src/shared/contract/channels/seatDice';
import type { SeatInfo, SeatView } from '../../../src/shared/contract/channels/seats';
import type { GmView } from '../../../src/shared/contract/views';
import type { WsClient } from '../../support/wsClient';
import { valueOf, webCoreForTests } from '../../support/webCore';

const web = webCoreForTests();

async function seated(): Promise<{ gm: WsClient; anna: WsClient; ben: WsClient; bramCardId: string }> {
  const gm = await web.socket('gm');
  const bram = valueOf<SeatInfo>(await gm.call('saveSeat', { id: null, name: 'Anna', figureIds: ['bram'] }));
  const ilsa = valueOf<SeatInfo>(await gm.call('saveSeat', { id: null, name: 'Ben', figureIds: ['ilsa'] }));
  const anna = await web.seatSocket(bram.link!);
  const ben = await web.seatSocket(ilsa.link!);
  const view = valueOf<SeatView>(await anna.call('getSeatView', {}));
  await ben.call('getSeatView', {});
  return { gm, anna, ben, bramCardId: view.card.figures[0]!.id };
}

const lastSeatView = (client: WsClient): SeatView => (client.pushes('seatView') as SeatView[]).at(-1)!;

describe('dice from the seats', () => {
  it('the seat holding the figure is asked, sends its faces, the GM hears them and settles the roll', async () => {
    const { gm, anna, ben, bramCardId } = await seated();
    expect(valueOf(await gm.call('askSeatDice', { figureId: 'bram', purpose: 'attack', dice: '3d6' }))).toEqual({ seat: 'Anna' });
    const asked = await anna.waitFor<{ event: string; payload: SeatView }>((m) => m.event === 'seatView' && (m.payload as SeatView).dice.length > 0);
    expect(asked.payload.dice).toEqual([{ figureId: bramCardId, purpose: 'attack', dice: '3d6', sent: null, outcome: 'waiting' }]);

    const logBefore = valueOf<GmView>(await gm.call('getGmView', {})).history.logLength;
    valueOf(await anna.call('offerSeatDice', { figureId: bramCardId, faces: [4, 5, 6] }));
    const heard = await gm.waitFor<{ event: string; payload: SeatRolls }>((m) => m.event === 'seatRolls' && (m.payload as SeatRolls).rolls[0]?.faces !== null);
    expect(heard.payload.rolls).toEqual([{ figureId: 'bram', seat: 'Anna', purpose: 'attack', dice: '3d6', faces: [4, 5, 6] }]);
    // Sending applies nothing.
    expect(valueOf<GmView>(await gm.call('getGmView', {})).history.logLength).toBe(logBefore);

    expect(valueOf<SeatRolls>(await gm.call('settleSeatDice', { figureId: 'bram', outcome: 'used' })).rolls).toEqual([]);
    await anna.waitFor<{ event: string; payload: SeatView }>((m) => m.event === 'seatView' && (m.payload as SeatView).dice[0]?.outcome === 'used');
    expect(lastSeatView(anna).dice).toEqual([{ figureId: bramCardId, purpose: 'attack', dice: '3d6', sent: [4, 5, 6], outcome: 'used' }]);
    // Closing the flow after it was settled leaves the phone told how.
    await gm.call('settleSeatDice', { figureId: 'bram', outcome: 'withdrawn' });
    expect(valueOf<SeatView>(await anna.call('getSeatView', {})).dice[0]!.outcome).toBe('used');
    // Another encounter on the table (a copy with Bram in it): the last one's roll is gone from the phone.
    const list = valueOf<{ openId: string }>(await gm.call('listEncounters', {}));
    const copy = valueOf<{ id: string }>(await gm.call('duplicateEncounter', { id: list.openId, name: 'The ford again' }));
    valueOf(await gm.call('openEncounter', { id: copy.id }));
    await anna.waitFor<{ event: string; payload: SeatView }>((m) => m.event === 'seatView' && (m.payload as SeatView).encounter?.name === 'The ford again');
    expect(valueOf<SeatView>(await anna.call('getSeatView', {})).dice).toEqual([]);
    // Ben's phone heard none of it.
    expect(ben.pushes('seatView').every((v) => (v as SeatView).dice.length === 0)).toBe(true);
    // (Read as fields: a keyed-hash id may hold any short run of letters and digits, such as 3d6.)
    expect(anna.frames.join('')).toMatch(/"purpose":"attack"/);
    expect(ben.frames.join('')).not.toMatch(/"purpose"|"faces":\[4,5,6\]|"sent":\[4,5,6\]/);
  });

  it('a phone sends nothing the GM does not wait on, nor for another seat’s figure', async () => {
    const { gm, anna, ben, bramCardId } = await seated();
    expect(await anna.call('offerSeatDice', { figureId: bramCardId, faces: [3, 3, 3] })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    valueOf(await gm.call('askSeatDice', { figureId: 'bram', purpose: 'attack', dice: '3d6' }));
    expect(await ben.call('offerSeatDice', { figureId: bramCardId, faces: [6, 6, 6] })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await anna.call('offerSeatDice', { figureId: 'bram', faces: [6, 6, 6] })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await anna.call('offerSeatDice', { figureId: bramCardId, faces: [0, 7.5] })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(await anna.call('offerSeatDice', { figureId: bramCardId, faces: Array(31).fill(2) })).toMatchObject({ ok: false, error: { code: 'invalid-args' } });
    expect(valueOf<SeatRolls>(await gm.call('listSeatRolls', {})).rolls[0]!.faces).toBeNull();
    // Withdrawn, the wait is over: the phone's faces are refused again.
    await gm.call('settleSeatDice', { figureId: 'bram', outcome: 'withdrawn' });
    expect(valueOf<SeatView>(await anna.call('getSeatView', {})).dice).toEqual([]);
    expect(await anna.call('offerSeatDice', { figureId: bramCardId, faces: [3, 3, 3] })).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('a roll of a figure no seat holds asks nobody', async () => {
    const { gm, anna, ben } = await seated();
    expect(valueOf(await gm.call('askSeatDice', { figureId: 'grak', purpose: 'attack', dice: '3d6' }))).toEqual({ seat: null });
    expect(valueOf<SeatRolls>(await gm.call('listSeatRolls', {})).rolls).toEqual([]);
    expect([...anna.pushes('seatView'), ...ben.pushes('seatView')]).toEqual([]);
  });
});
