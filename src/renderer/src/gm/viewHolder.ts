import type { ClientApi, Envelope } from '../../../shared/contract';
import type { CommandAck, GmView, SeenView } from '../../../shared/contract/views';

/** The view a command is made on, as main checks it. */
export function seenOf(view: GmView | null): { seen?: SeenView } {
  return view ? { seen: { encounterId: view.encounter.id, session: view.session, revision: view.revision } } : {};
}

export function isAck(value: GmView | CommandAck): value is CommandAck {
  return !('encounter' in value);
}

/**
 * Channels whose answers describe the open encounter: an answer that comes back after the page
 * switched to another encounter is dropped, so no panel shows the old encounter's reach,
 * options, sheet or log.
 */
const ENCOUNTER_QUERIES: ReadonlySet<string> = new Set([
  'reachable',
  'legalOptions',
  'attackPreview',
  'figureZones',
  'measureRange',
  'manaView',
  'renewalQueue',
  'runawayView',
  'castPreview',
  'castings',
  'figureSheet',
  'getLog',
]);

export const DROPPED_MESSAGE = 'The console switched to another encounter while this was asked; it no longer applies.';

/** The client with answers of the old encounter's queries dropped after a switch. */
export function guardQueries(api: ClientApi<'gm'>, currentSession: () => string | null): ClientApi<'gm'> {
  const guarded: Record<string, unknown> = { ...api };
  for (const [name, method] of Object.entries(api)) {
    if (!ENCOUNTER_QUERIES.has(name) || typeof method !== 'function') continue;
    guarded[name] = async (args: unknown): Promise<Envelope<unknown>> => {
      const asked = currentSession();
      const result = (await (method as (a: unknown) => Promise<Envelope<unknown>>)(args)) as Envelope<unknown>;
      if (asked !== currentSession()) return { ok: false, error: { code: 'conflict', message: DROPPED_MESSAGE } };
      return result;
    };
  }
  return guarded as ClientApi<'gm'>;
}
