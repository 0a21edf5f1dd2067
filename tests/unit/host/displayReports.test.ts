/**
 * What one player page can make the host do: its display reports reach the other pages coalesced
 * (a burst of sizes is at most two pushes; a report leaving the size where the pages last saw it is
 * none), and each player socket's messages are rate-limited (the excess refused with a typed error,
 * a socket that keeps on closed) while the GM is answered throughout. The gate and the projector
 * with a clock of the test's own; then over real sockets on the web host.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Projector, REPORT_PUSH_MS } from '../../../src/main/services/projector';
import {
  callIdOf,
  MAX_PLAYER_BACKLOG_BYTES,
  MAX_PLAYER_SOCKETS,
  MessageGate,
  PLAYER_CONNECT_LIMIT,
  PLAYER_ROLE_LIMIT,
  PLAYER_SOCKET_LIMIT,
  REFUSALS_BEFORE_CLOSE,
  sendUnlessStalled,
} from '../../../src/main/host/web/messageGate';
import type { PlayerDisplay, ProjectorState } from '../../../src/shared/contract/channels/display';
import type { WsReply } from '../../../src/shared/contract/wsProtocol';
import { webCoreForTests } from '../../support/webCore';

const sized = (h: number): PlayerDisplay => ({ screen: { widthPx: 1920, heightPx: 1080 }, map: { widthPx: 1920, heightPx: h } });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the projector coalesces the display’s reports', () => {
  it('a burst of sizes reaches the subscribers twice: the first at once, the last when the interval is up', async () => {
    const projector = new Projector();
    const seen: ProjectorState[] = [];
    projector.subscribe((p) => seen.push(p));
    for (let i = 0; i < 1000; i++) projector.report(sized(1000 + (i % 7)));
    expect(seen.map((p) => p.reported?.map.heightPx)).toEqual([1000]);
    await wait(REPORT_PUSH_MS * 3);
    expect(seen.map((p) => p.reported?.map.heightPx)).toEqual([1000, 1000 + (999 % 7)]);
    expect(seen.at(-1)).toEqual(projector.get());
  });

  it('a burst that ends on the size the pages last saw is not pushed at all', async () => {
    const projector = new Projector();
    const seen: ProjectorState[] = [];
    projector.subscribe((p) => seen.push(p));
    projector.report(sized(1000));
    for (let i = 1; i <= 500; i++) projector.report(sized(i % 2 === 0 ? 1000 : 1001));
    await wait(REPORT_PUSH_MS * 3);
    expect(seen.map((p) => p.reported?.map.heightPx)).toEqual([1000]);
  });

  it('a change of the GM goes at once, carrying the latest report, and the report’s own push is then dropped', async () => {
    const projector = new Projector();
    const seen: ProjectorState[] = [];
    projector.subscribe((p) => seen.push(p));
    projector.report(sized(1000));
    projector.report(sized(1001));
    projector.set({ blackout: true });
    expect(seen.map((p) => [p.reported?.map.heightPx, p.blackout])).toEqual([
      [1000, false],
      [1001, true],
    ]);
    await wait(REPORT_PUSH_MS * 3);
    expect(seen).toHaveLength(2);
  });
});

describe('the message gate', () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('answers a player socket up to its bucket, refuses the rest, refills with time, and never refuses the GM', () => {
    const time = clock();
    const gate = new MessageGate(time.now);
    const gm = gate.admit('gm');
    const player = gate.admit('player');
    const verdicts = Array.from({ length: PLAYER_SOCKET_LIMIT.capacity + 10 }, () => player());
    expect(verdicts.filter((v) => v === 'answer')).toHaveLength(PLAYER_SOCKET_LIMIT.capacity);
    expect(verdicts.slice(PLAYER_SOCKET_LIMIT.capacity).every((v) => v === 'refuse')).toBe(true);
    for (let i = 0; i < 10_000; i++) expect(gm()).toBe('answer');
    time.advance(1000);
    const refilled = Array.from({ length: PLAYER_SOCKET_LIMIT.perSecond + 5 }, () => player());
    expect(refilled.filter((v) => v === 'answer')).toHaveLength(PLAYER_SOCKET_LIMIT.perSecond);
  });

  it('many player sockets together get no more than the players’ share', () => {
    const time = clock();
    const gate = new MessageGate(time.now);
    const sockets = Array.from({ length: 20 }, () => gate.admit('player'));
    const answered = sockets.flatMap((admit) => Array.from({ length: PLAYER_SOCKET_LIMIT.capacity }, () => admit())).filter((v) => v === 'answer');
    expect(answered).toHaveLength(PLAYER_ROLE_LIMIT.capacity);
  });

  it('closes a socket that keeps sending after it is refused', () => {
    const gate = new MessageGate(() => 0);
    const player = gate.admit('player');
    const verdicts = Array.from({ length: PLAYER_SOCKET_LIMIT.capacity + REFUSALS_BEFORE_CLOSE }, () => player());
    expect(verdicts.at(-2)).toBe('refuse');
    expect(verdicts.at(-1)).toBe('close');
  });

  it('closes a player socket that leaves more than its backlog unread, and keeps sending to the GM whatever its backlog', () => {
    const socket = (bufferedAmount: number) => ({
      readyState: 1,
      OPEN: 1,
      bufferedAmount,
      sent: [] as string[],
      ended: false,
      send(t: string) {
        this.sent.push(t);
      },
      terminate() {
        this.ended = true;
      },
    });
    const log: string[] = [];
    const reading = socket(1000);
    sendUnlessStalled(reading, 'player', 'view', (m) => log.push(m));
    expect(reading.sent).toEqual(['view']);
    const stalled = socket(MAX_PLAYER_BACKLOG_BYTES + 1);
    sendUnlessStalled(stalled, 'player', 'view', (m) => log.push(m));
    expect([stalled.sent, stalled.ended]).toEqual([[], true]);
    expect(log).toEqual(['player socket closed: it does not read what it is sent']);
    const gm = socket(10 * MAX_PLAYER_BACKLOG_BYTES);
    sendUnlessStalled(gm, 'gm', 'view', () => {});
    expect([gm.sent, gm.ended]).toEqual([['view'], false]);
  });

  it('lets player sockets open at a page’s pace and only so many at once; the GM’s always', () => {
    const time = clock();
    const gate = new MessageGate(time.now);
    const burst = Array.from({ length: PLAYER_CONNECT_LIMIT.capacity + 3 }, () => gate.mayConnect('player', 0));
    expect(burst.filter(Boolean)).toHaveLength(PLAYER_CONNECT_LIMIT.capacity);
    expect(Array.from({ length: 50 }, () => gate.mayConnect('gm', MAX_PLAYER_SOCKETS)).every(Boolean)).toBe(true);
    time.advance(1000);
    expect(gate.mayConnect('player', MAX_PLAYER_SOCKETS)).toBe(false);
    expect(gate.mayConnect('player', MAX_PLAYER_SOCKETS - 1)).toBe(true);
  });

  it('reads a call’s id from its first bytes only', () => {
    expect(callIdOf(Buffer.from('{"id":42,"channel":"getProjector","args":{}}'))).toBe(42);
    expect(callIdOf(Buffer.from('{"channel":"getProjector","id":42}'))).toBeNull();
    expect(callIdOf(Buffer.from('not json'))).toBeNull();
  });
});

describe('a player flooding display reports over a real socket', () => {
  const logged: string[] = [];
  const web = webCoreForTests({ pushes: false, log: (m) => logged.push(m) });
  beforeEach(() => {
    logged.length = 0;
  });
  const socket = (role: 'gm' | 'player') => web.socket(role);

  it('is refused past its limit with a typed error per call, the other pages get a few pushes, and the GM is answered throughout', async () => {
    const gm = await socket('gm');
    const watcher = await socket('player');
    const flooder = await socket('player');
    // Past the socket's bucket, but short of the refusals in a row that close it.
    const reports = PLAYER_SOCKET_LIMIT.capacity + REFUSALS_BEFORE_CLOSE / 2;
    for (let i = 0; i < reports; i++) flooder.ws.send(JSON.stringify({ id: 1000 + i, channel: 'reportPlayerDisplay', args: sized(1000 + (i % 2)) }));
    const gmAnswers = await Promise.all(Array.from({ length: 20 }, () => gm.call('getProjector', {})));
    expect(gmAnswers.every((r) => r.ok)).toBe(true);
    const replies = await Promise.all(Array.from({ length: reports }, (_, i) => flooder.waitFor<WsReply>((m) => m.id === 1000 + i, 20_000)));
    const refused = replies.filter((r) => !r.result.ok);
    const answered = replies.length - refused.length;
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => !r.result.ok && r.result.error.code === 'rate-limited')).toBe(true);
    expect(answered).toBeGreaterThanOrEqual(PLAYER_SOCKET_LIMIT.capacity);
    // Every answered report changed the size; the other pages were sent far fewer pushes than that.
    await wait(REPORT_PUSH_MS * 3);
    const pushed = watcher.pushes('projector') as ProjectorState[];
    expect(pushed.length).toBeLessThan(answered / 2);
    expect(gm.pushes('projector').length).toBe(pushed.length);
    // The last push carries the size the host holds.
    expect(pushed.at(-1)!.reported).toEqual(web.core.projector.get().reported);
    expect((await gm.call('getProjector', {})).ok).toBe(true);
  });

  it("gives the GM's mirror the player display's own projector state: pushed with it, read the same, never the GM's", async () => {
    const gm = await socket('gm');
    const table = await socket('player');
    web.core.projector.set({ blackout: true });
    const toTable = (await table.waitFor<{ payload: ProjectorState }>((m) => 'event' in m && m.event === 'projector')).payload;
    const mirrored = (await gm.waitFor<{ payload: ProjectorState }>((m) => 'event' in m && m.event === 'tableProjector')).payload;
    expect(mirrored).toEqual(toTable);
    expect(mirrored.blackout).toBe(true);
    const read = await gm.call('getTableProjector', {});
    expect(read.ok && read.value).toEqual(toTable);
    expect((await table.call('getTableProjector', {})).ok).toBe(false);
  });

  it('opening sockets one after another is refused past the limit (429), and the GM still connects', async () => {
    const tries = await Promise.allSettled(Array.from({ length: PLAYER_CONNECT_LIMIT.capacity + 10 }, () => socket('player')));
    const refused = tries.filter((t) => t.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(refused.every((t) => String(t.reason).includes('429'))).toBe(true);
    const gm = await socket('gm');
    expect((await gm.call('getProjector', {})).ok).toBe(true);
  });

  it('is closed when it keeps sending after its messages are refused; the GM and the other player page stay', async () => {
    const gm = await socket('gm');
    const watcher = await socket('player');
    const flooder = await socket('player');
    const closed = new Promise<number>((r) => flooder.ws.once('close', (code) => r(code)));
    const message = JSON.stringify({ id: 1, channel: 'getProjector', args: {} });
    for (let i = 0; i < 20 * REFUSALS_BEFORE_CLOSE; i++) flooder.ws.send(message);
    expect(await closed).toBe(1008);
    // Said once: what the socket sent after the decision is not looked at.
    expect(logged.filter((m) => m.includes('kept sending'))).toHaveLength(1);
    expect((await gm.call('getProjector', {})).ok).toBe(true);
    expect((await watcher.call('getProjector', {})).ok).toBe(true);
  });
});
