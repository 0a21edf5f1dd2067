/**
 * Two seats' frames through a scripted stretch of play on the real host: the GM writes notes,
 * moves, hurts and arms Sella in ambush, gives her mana, hides Grak and shows him again, fogs
 * hexes, while Ilsa keeps Blur (an illusion the table never sees) up on Bram. Everything either
 * phone was ever sent is read: no hidden figure, no GM's words, no illusion on a phone that is not
 * its caster's, no other seat's mana; and a change to hidden things alone sends neither phone
 * anything.
 */
import { describe, expect, it } from 'vitest';
import type { SeatInfo, SeatView } from '../../../src/shared/contract/channels/seats';
import type { Command } from '../../../src/shared/contract/commands';
import type { WsClient } from '../../support/wsClient';
import { valueOf, webCoreForTests } from '../../support/webCore';

const web = webCoreForTests();

const command = async (gm: WsClient, c: Command) => valueOf(await gm.call('sendCommand', { command: c }));

describe('two seats through a scripted stretch of play', () => {
  it('never hold a hidden figure, the GM’s words, an illusion of another’s, or the other seat’s mana', async () => {
    const gm = await web.socket('gm');
    const bram = valueOf<SeatInfo>(await gm.call('saveSeat', { id: null, name: 'Anna', figureIds: ['bram'] }));
    const ilsa = valueOf<SeatInfo>(await gm.call('saveSeat', { id: null, name: 'Ben', figureIds: ['ilsa'] }));
    const anna = await web.seatSocket(bram.link!);
    const ben = await web.seatSocket(ilsa.link!);
    valueOf(await anna.call('getSeatView', {}));
    valueOf(await ben.call('getSeatView', {}));
    const pushes = () => [anna.pushes('seatView').length, ben.pushes('seatView').length];

    // Hidden things only: Sella's notes, place, wounds, mana, a note on Bram, fog over her corner.
    const before = pushes();
    const hiddenOnly: Command[] = [
      { type: 'updateFigure', figureId: 'sella', changes: { gmNotes: 'the traitor of the ford' } },
      { type: 'updateFigure', figureId: 'bram', changes: { gmNotes: 'owes the duke a life' } },
      { type: 'moveFigure', figureId: 'sella', to: { q: 21, r: -5 } },
      { type: 'setPools', figureId: 'sella', fatigue: 4 },
      { type: 'updateFigure', figureId: 'sella', changes: { manaPool: 9 } },
      { type: 'setHexesHidden', hexes: [{ q: 22, r: -7 }], hidden: true },
    ];
    for (const c of hiddenOnly) await command(gm, c);
    await gm.call('listSeats', {});
    expect(pushes()).toEqual(before);

    // Seen things: Grak hidden and shown again, Bram hurt, Ilsa pays mana (each reaches only whom it concerns).
    await command(gm, { type: 'setFigureHidden', figureId: 'grak', hidden: true });
    await command(gm, { type: 'setFigureHidden', figureId: 'grak', hidden: false });
    await command(gm, { type: 'setPools', figureId: 'bram', fatigue: 40 });
    await anna.waitFor<{ event: string; payload: SeatView }>(
      (m) => m.event === 'seatView' && (m.payload as SeatView).card.figures[0]?.pools[0]?.current === 40,
    );
    await command(gm, { type: 'updateFigure', figureId: 'ilsa', changes: { manaPool: 14 } });
    await ben.waitFor<{ event: string; payload: SeatView }>((m) => m.event === 'seatView' && (m.payload as SeatView).card.figures[0]?.mana?.pool === 14);

    const annaSaw = anna.frames.join('\n');
    const benSaw = ben.frames.join('\n');
    for (const saw of [annaSaw, benSaw]) {
      for (const secret of ['Sella', 'sella', 'the traitor of the ford', 'owes the duke', 'Keeps Blur', '"pool":9', 'Waits in the shadows'])
        expect(saw).not.toContain(secret);
    }
    // Blur is Ilsa's illusion: her seat knows what it keeps up; Bram's seat, on whom it lies, never learns it.
    expect(benSaw).toContain('Blur');
    expect(annaSaw).not.toContain('Blur');
    // Ilsa's mana reaches Ben alone.
    expect(annaSaw).not.toMatch(/"mana":\{/);
    expect(benSaw).toContain('"pool":14');
  });
});
