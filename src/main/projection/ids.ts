import { createHmac, randomBytes } from 'node:crypto';

/**
 * Ids as an audience sees them (DESIGN §The player projection). Inside the console a figure keeps
 * the id it was made with (`goblin-2`, `duke-orlan-traitor`) and a side its `side-3`: the log,
 * undo and replay name them so, and they would tell a player a figure's first name or how many
 * came before it. In every frame each id becomes a keyed hash of the encounter and the id: stable
 * while the console runs, carrying neither name nor count, and impossible to reverse without the key.
 *
 * The console's choice: the key is random per process and never stored, so nothing on disk or
 * in a log changes (no migration) and a guess at a name cannot be checked against a player
 * frame. A restart gives the player page new ids with its next view, which it takes whole.
 */
const PROCESS_KEY = randomBytes(32);

export type IdKind = 'figure' | 'spell' | 'side';
export type PlayerIdOf = (kind: IdKind, id: string) => string;

const PREFIX: Record<IdKind, string> = { figure: 'f', spell: 's', side: 'g' };

const byEncounter = new Map<string, PlayerIdOf>();

/** The players' ids for one encounter; memoised, so a push hashes each id once per process. */
export function playerIdsFor(encounterId: string, key: Buffer = PROCESS_KEY): PlayerIdOf {
  if (key !== PROCESS_KEY) return hashedIds(encounterId, key);
  let ids = byEncounter.get(encounterId);
  if (ids === undefined) byEncounter.set(encounterId, (ids = hashedIds(encounterId, key)));
  return ids;
}

function hashedIds(encounterId: string, key: Buffer): PlayerIdOf {
  const memo = new Map<string, string>();
  return (kind, id) => {
    const k = `${kind}\0${id}`;
    let out = memo.get(k);
    if (out === undefined) {
      const digest = createHmac('sha256', key).update(`${encounterId}\0${k}`).digest('hex').slice(0, 24);
      out = `${PREFIX[kind]}${digest}`;
      memo.set(k, out);
    }
    return out;
  };
}
