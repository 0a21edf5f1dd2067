/**
 * The table's phones under load: the real Core and web host on 127.0.0.1, a projector
 * (a player socket) and 6 seats connected, each holding Bram. The GM sends 60 commands that change
 * Bram's Fatigue, one at a time; timed for each: the GM's round trip (sendCommand's answer) and the
 * time until each of the 6 seats has its new view. Three repeats, each on a fresh console.
 *   npx vitest run --config vitest.measure.config.ts tests/bench/seats.measure.ts
 * Budgets: a command reaches a seat's card p95 ≤ 50 ms with 6 seats connected; the GM's
 * round trip p95 ≤ 20 ms with them and a projector. Rows go to test-results/bench/seat-rows.json for
 * tests/bench/chromium/run.mjs's table.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { WebSocket } from 'ws';
import { expect, test } from 'vitest';
import type { SeatInfo } from '../../src/shared/contract/channels/seats';
import { connectWs, type WsClient } from '../support/wsClient';
import { valueOf, webCoreForTests } from '../support/webCore';

const SEATS = 6;
const COMMANDS = 60;
const SEAT_BUDGET_MS = 50;
const GM_BUDGET_MS = 20;

const web = webCoreForTests();
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function seatSockets(gm: WsClient): Promise<WsClient[]> {
  const opened: WebSocket[] = [];
  const sockets: WsClient[] = [];
  for (let i = 0; i < SEATS; i++) {
    const seat = valueOf<SeatInfo>(await gm.call('saveSeat', { id: null, name: `Player ${i + 1}`, figureIds: ['bram'] }));
    sockets.push(await connectWs(`ws://127.0.0.1:${web.host.port}/ws?token=${new URL(seat.link!).searchParams.get('token')}`, opened));
    await sockets[i]!.call('getSeatView', {});
  }
  for (const ws of opened) web.keep(ws);
  return sockets;
}

/** One repeat: the GM's round trips and the seats' latencies, in ms. */
async function repeat(): Promise<{ gm: number[]; seat: number[] }> {
  const gm = await web.socket('gm');
  const projector = await web.socket('player');
  await projector.call('getPlayerView', {});
  const seats = await seatSockets(gm);
  const gmTimes: number[] = [];
  const seatTimes: number[] = [];
  for (let i = 0; i < COMMANDS; i++) {
    const fatigue = 20 + (i % 30);
    const arrived = seats.map((s) => {
      const seen = s.pushes('seatView').length;
      return s.waitFor((m) => m.event === 'seatView' && s.pushes('seatView').length > seen).then(() => performance.now());
    });
    const sent = performance.now();
    valueOf(await gm.call('sendCommand', { command: { type: 'setPools', figureId: 'bram', fatigue } }));
    gmTimes.push(performance.now() - sent);
    for (const at of await Promise.all(arrived)) seatTimes.push(at - sent);
  }
  return { gm: gmTimes, seat: seatTimes };
}

for (let r = 1; r <= 3; r++) {
  test(`seats repeat ${r}`, async () => {
    const { gm, seat } = await repeat();
    results.push({ gm, seat });
    expect(seat.length).toBe(SEATS * COMMANDS);
  });
}

const results: { gm: number[]; seat: number[] }[] = [];

test('seat rows: printed, written, and within budget', async () => {
  const [l1, l5, l15] = loadavg();
  const rows = [
    { what: `Seats: a command reaches each of ${SEATS} seats' cards (p95)`, unit: 'ms', budget: SEAT_BUDGET_MS, values: results.map((x) => p95(x.seat)) },
    { what: `Seats: the GM's round trip with ${SEATS} seats and a projector (p95)`, unit: 'ms', budget: GM_BUDGET_MS, values: results.map((x) => p95(x.gm)) },
  ].map((row, i) => ({ ...row, detail: `median ${results.map((x) => median(i === 0 ? x.seat : x.gm).toFixed(1)).join(' / ')} ms` }));
  process.stdout.write(
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; load average ${l1!.toFixed(2)} ${l5!.toFixed(2)} ${l15!.toFixed(2)}; Node ${process.version}\n` +
      rows.map((row) => `${row.what}: ${row.values.map((v) => v.toFixed(1)).join(' / ')} ${row.unit} (budget ${row.budget}; ${row.detail})`).join('\n') +
      '\n',
  );
  await mkdir('test-results/bench', { recursive: true });
  await writeFile('test-results/bench/seat-rows.json', JSON.stringify(rows, null, 1));
  for (const row of rows) expect(median(row.values), row.what).toBeLessThanOrEqual(row.budget);
});
