import type { BattleMap } from '../../src/renderer/src/map/battleMap';
import type { FigureTokens } from '../../src/renderer/src/map/figureTokens';
import type { MapBackground } from '../../src/renderer/src/map/gridShape';
import type { HexLayout } from '../../src/shared/hex';

/**
 * What the pages expose to the e2e tests on `window`, typed from the real classes: the map an e2e
 * build hangs on `window.__battleMap` (BattleMapView.svelte, with `?e2e=1`), and the watches the
 * tests install themselves. Types only: a `.ts` file rather than a `.d.ts`, so that tsc checks it
 * (skipLibCheck would let a broken import here turn every probe into `any` without a word).
 */

/** A class's public members (the private ones make an intersection with it `never`). */
type Public<T> = Pick<T, keyof T>;

/**
 * The battlemap as the tests read it: its public members, and the internals a few tests count or
 * measure (how often a token was drawn anew or its bitmap painted, how big a hex is, where the
 * map image is drawn).
 */
export type BattleMapProbe = Public<BattleMap> & {
  readonly tokens: Public<FigureTokens>;
  readonly layout: HexLayout;
  readonly background: MapBackground | null;
};

/** One animation frame after a camera change (cameraFrames.ts): what was painted and drawn in it, and whether the map said it had settled. */
export interface CameraFrame {
  tiles: number;
  bitmaps: number;
  mapDraws: number;
  figureDraws: number;
  settled: boolean;
}

/** The frame-by-frame watch cameraFrames.ts installs on a page. */
export interface CameraWatch {
  moved: number;
  frames: CameraFrame[];
  mapDraws: number;
  figureDraws: number;
}

/** What commandCost.spec counts in a page: canvas text measurements and the channels sent to main. */
export interface CommandCosts {
  measures: number;
  sent: Record<string, number>;
}

declare global {
  interface Window {
    /** The GM's or the player's battlemap (e2e builds opened with `?e2e=1`); absent before the map is made, which the tests that may look that early check with `?.`. */
    __battleMap: BattleMapProbe;
    /** cameraFrames.ts: the frames since the camera changed. */
    __cameraWatch: CameraWatch;
    /** commandCost.spec: text measurements and channel calls. */
    __costs: CommandCosts;
    /** mapGesture.spec: frames in which the camera moved, while watching. */
    __moved: number;
    __watching: boolean;
    /** mapGesture.spec: every CSS transform a layer canvas took, while watching. */
    __transforms: Set<string>;
    __watchingValues: boolean;
  }
}
