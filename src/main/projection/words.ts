import { weaponById } from '../engine/equipment';
import { DEFAULT_CATALOGUE } from '../engine/magic';

/**
 * The recap's words for what happened, shared by the GM's recap (session/recapSentences.ts) and
 * every audience's sentences (projection/tableEvents.ts), so both tell a blow or a fall alike.
 */
export const POSTURE_WORDS: Readonly<Record<string, string>> = {
  dead: 'died',
  unconscious: 'fell unconscious',
  prone: 'went prone',
  knockedDown: 'was knocked down',
  kneeling: 'knelt',
  standing: 'stood up',
};

export const GAIT_WORDS: Readonly<Record<string, string>> = {
  'slow-walk': 'at a slow walk',
  walk: 'at a walk',
  jog: 'at a jog',
  run: 'at a run',
  sprint: 'at a sprint',
  crawl: 'crawling',
  shift: 'shifting',
};

export const spellName = (id: string): string => DEFAULT_CATALOGUE.byId.get(id)?.name ?? id;

export const weaponName = (id: string | null): string => (id ? (weaponById(id)?.name ?? id) : 'bare hands');

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** An attack's result note beyond "hit" or "missed" ("Rolled 5: an automatic hit, Fatigue only."), or ''. */
export function attackNote(result: string): string {
  return result && !/^(hit|miss(ed)?)$/i.test(result) ? ` ${result}` : '';
}
