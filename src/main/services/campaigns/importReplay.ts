import { createSeededDice } from '../../engine/dice/seeded';
import { diceFor, engineApply, replayStep } from '../../session/replay';
import type { LogReplayer } from '../../store/bundleCheck';

/**
 * An imported encounter's log replayed as the session replays it when it opens the encounter
 * (session/replay.ts, session/openReplay.ts): from the file's initial state and seed, under the
 * file's own rules, each entry's typed dice or the seeded ones. An entry the engine refuses
 * refuses the import, so an encounter that would not open is never imported.
 */
export const sessionReplayer: LogReplayer = {
  start(file) {
    const dice = createSeededDice(file.seed);
    const step = replayStep(engineApply);
    let state = file.initial;
    return {
      step(entry) {
        state = step(state, entry.command, diceFor(entry.entered, dice), file.rules);
      },
    };
  },
};
