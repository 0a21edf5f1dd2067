/**
 * How far the party sees under sight-driven fog, in hexes (console's choice: 001 has no sight
 * rule). One declaration read by the command's schema, the engine and the GM's control.
 */
export const MIN_SIGHT_RANGE = 1;
export const MAX_SIGHT_RANGE = 60;
export const DEFAULT_SIGHT_RANGE = 20;
