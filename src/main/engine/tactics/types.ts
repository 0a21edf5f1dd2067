import type { Hex } from '../../../shared/hex';
import type { Command } from '../../../shared/contract/commands';
import type { HiddenFiguresPolicy } from '../../../shared/tacticsSettings';

/**
 * What the tactics module suggests for the step the encounter waits on: one command, who it is
 * for (a figure, a side in Initiative, or null for the GM's own step such as ending a phase), and
 * why, in words a GM reads at the table.
 */
export interface Proposal {
  readonly command: Command;
  /** The figure (or, in Initiative, the side) the command is for; null for the GM's step. */
  readonly actorId: string | null;
  readonly reason: string;
  /** For a move: the hexes the figure passes through, start first. */
  readonly path?: readonly Hex[];
}

/**
 * The GM's settings for the tactics (the console's choice: none of this is a rule). `morale` is,
 * per side, the share of Body a figure may lose before it breaks off and flees (0.75 = it flees
 * once it has lost three quarters); a side not listed uses `DEFAULT_MORALE`. `hiddenFigures` is
 * what a figure the players cannot see may do (shared/tacticsSettings.ts; hidden.ts); absent, such
 * a figure plays as any other (a simulated fight).
 */
export interface TacticsSettings {
  readonly morale?: Readonly<Record<string, number>>;
  readonly hiddenFigures?: HiddenFiguresPolicy;
}

export const DEFAULT_MORALE = 0.7;

/** One thing a figure (or the GM) could do now, with why; the proposer keeps the first the engine accepts. */
export interface Candidate {
  readonly command: Command;
  readonly reason: string;
  readonly path?: readonly Hex[];
}

export interface Scored extends Candidate {
  /** How much the figure wants it: expected hits through protection, weighted by the target's worth. */
  readonly score: number;
  /** The chance it hits. */
  readonly chance: number;
}
