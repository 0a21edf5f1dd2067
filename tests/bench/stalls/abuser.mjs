// Someone posing as a player page, in a process of its own so that its loop never delays the
// bench's own GM client (whose round trips are the figure). Prints `ready` once it has begun, and
// what it did as one JSON line when it is sent SIGTERM.
//   node abuser.mjs flood <player page URL>        reports the display's size as fast as a socket takes them,
//                                                  alternating two sizes, connecting again whenever closed
//   node abuser.mjs masks <player page URL> <name>…  asks the masked map images, six at once, in turn
import { Client } from './client.mjs';

const [mode, pageUrl, ...names] = process.argv.slice(2);
let stop = false;
const stats = { sent: 0, ok: 0, refused: 0, closes: 0, refusedConnections: 0, answers: {} };

async function floodOnce() {
  let flooder;
  try {
    flooder = await Client.connect(pageUrl);
  } catch {
    // Refused (too many sockets opened): at once again, as someone set on it would.
    stats.refusedConnections++;
    return;
  }
  let closed = false;
  flooder.ws.on('close', () => (closed = true));
  flooder.ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    if (m.result) stats[m.result.ok ? 'ok' : 'refused']++;
  });
  while (!stop && !closed) {
    // As fast as the socket takes them, without piling up more than 1 MiB unsent here.
    for (let i = 0; i < 50 && flooder.ws.bufferedAmount < 1 << 20 && !closed; i++) {
      const heightPx = 1000 + (stats.sent % 2);
      flooder.ws.send(
        JSON.stringify({
          id: 1e6 + stats.sent++,
          channel: 'reportPlayerDisplay',
          args: { screen: { widthPx: 1920, heightPx: 1080 }, map: { widthPx: 1920, heightPx } },
        }),
      );
    }
    await new Promise((r) => setImmediate(r));
  }
  if (closed) stats.closes++;
  flooder.close();
}

async function askMasks() {
  const u = new URL(pageUrl);
  let next = 0;
  while (!stop) {
    const res = await fetch(`${u.origin}/campaign-assets/${names[next++ % names.length]}?token=${u.searchParams.get('token')}`);
    await res.arrayBuffer();
    stats.answers[res.status] = (stats.answers[res.status] ?? 0) + 1;
  }
}

process.on('SIGTERM', () => {
  stop = true;
  process.stdout.write(`${JSON.stringify(stats)}\n`);
  process.exit(0);
});
process.stdout.write('ready\n');
if (mode === 'flood') for (;;) await floodOnce();
else if (mode === 'masks') await Promise.all(Array.from({ length: 6 }, askMasks));
else throw new Error(`unknown mode ${mode}`);
