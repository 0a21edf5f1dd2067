/**
 * Speed-ups of the fight loop must not change a single fight (the same seed gives the same
 * results). These digests were taken before the loop was profiled and sped up; any change to what
 * the tactics propose, or to the dice a fight uses, changes them. A deliberate change of the
 * tactics' choices updates them in a commit of its own, saying why. Last retaken when an engaged
 * figure learnt to turn on a foe a shift brings in reach rather than edge toward a far one (the
 * skirmish's; the sample's were retaken when an engaged figure with no foe in front could bind its
 * wound, RULINGS A5).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EncounterStateSchema, type EncounterState } from '../../../../src/main/engine/encounter/schema';
import { DEFAULT_RULES, rulesFor } from '../../../../src/main/engine/rules';
import { playFight } from '../../../../src/main/engine/tactics/playFight';
import { skirmish } from '../../../support/skirmish';

const sample = EncounterStateSchema.parse(JSON.parse(readFileSync('resources/sample-campaign/encounters/ford-ambush.json', 'utf8')).initial);

function digest(start: EncounterState, seeds: number): string {
  const rules = rulesFor(DEFAULT_RULES);
  const h = createHash('sha256');
  for (let seed = 1; seed <= seeds; seed++) h.update(JSON.stringify(playFight(start, rules, { seed, maxTurns: 30, keepCommands: true })));
  return h.digest('hex').slice(0, 16);
}

describe('simulated fights of the sample encounter, seeds 1–12', () => {
  it('play exactly as they did before the fight loop was sped up', () => {
    expect(digest(sample, 12)).toBe('b3ca88c02ede90ce');
  }, 60_000);
});

describe('simulated fights of the 12-figure skirmish of the budgets, seeds 1–6', () => {
  it('play exactly as they did before the fight loop was sped up', () => {
    expect(digest(skirmish(12, 30, 20), 6)).toBe('92d5bc3ce8aca10b');
  }, 60_000);
});

describe('a warm-up fight cut at its time', () => {
  it('stops where the time ran out, as a fight stopped by the turn cap, and a time not yet come changes nothing', () => {
    const rules = rulesFor(DEFAULT_RULES);
    const cut = playFight(sample, rules, { seed: 3, maxTurns: 30, stopAt: performance.now() - 1 });
    expect([cut.steps, cut.stalemate, cut.winner, cut.turns]).toEqual([0, true, null, 0]);
    const later = performance.now() + 60_000;
    expect(playFight(sample, rules, { seed: 3, maxTurns: 30, stopAt: later })).toEqual(playFight(sample, rules, { seed: 3, maxTurns: 30 }));
  });
});
