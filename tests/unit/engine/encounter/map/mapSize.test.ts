/**
 * Resizing the grid and fitting it to the calibrated map image: it grows and shrinks on its right
 * and bottom edges, every hex keeps its address, and it is refused with the reason when a figure,
 * an item, a spell on a hex, painted terrain or fog would fall off. The schema bounds the sizes,
 * and a session logs the command, so undo and redo take it back and forth.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gridFittingImage } from '../../../../../src/main/engine/encounter/map/mapSize';
import { CommandSchema, type Command } from '../../../../../src/shared/contract/commands';
import { Session } from '../../../../../src/main/session/session';
import { openCampaignFolder } from '../../../../../src/main/store/campaignFolder';
import { copySample, readLogFile, recordingSink, tempDirs } from '../../../../support/tempCampaign';
import { encounter, fig, refusal, step } from '../fixtures';
import { closeAfterEach } from '../../../../support/closing';

const ASSET = `${'ab'.repeat(32)}.png`;
const resize = (cols: number, rows: number): Command => ({ type: 'resizeMap', cols, rows });

describe('resizeMap', () => {
  it('grows and shrinks the grid, keeping everything on it where it was', () => {
    const state = encounter([fig('ann', 'a', 3, 2)], { cols: 20, rows: 20, terrain: { '4,1': 'wall' } });
    const grown = step(state, resize(30, 25));
    expect(grown.state.map).toMatchObject({ cols: 30, rows: 25, terrain: { '4,1': 'wall' } });
    expect(grown.state.figures[0]!.position).toEqual({ q: 3, r: 2 });
    expect(grown.events).toEqual([{ type: 'mapResized', cols: 30, rows: 25, fitted: false, source: 'DESIGN §Rendering' }]);
    const shrunk = step(grown.state, resize(6, 5));
    expect(shrunk.state.map).toMatchObject({ cols: 6, rows: 5 });
  });

  it('refuses, with the reason, when a figure, item, spell, painted or hidden hex would fall off', () => {
    // Flat-top: column 10, row 3 is axial (10, -2).
    const standing = encounter([fig('bram', 'a', 10, -2)]);
    expect(refusal(standing, resize(10, 20))).toBe('The grid cannot be 10 × 20: Bram stands outside it.');
    expect(step(standing, resize(11, 4)).state.map.cols).toBe(11);
    // A 7-hex figure covers its neighbours: column 11 must stay.
    const big = encounter([fig('ogre', 'a', 10, -2, { size: 7 })]);
    expect(refusal(big, resize(11, 20))).toBe('The grid cannot be 11 × 20: Ogre stands outside it.');

    const dropped = { ...encounter([]), items: [{ id: 'i1', kind: 'weapon' as const, itemId: 'shortsword', lbs: 2, position: { q: 8, r: 0 }, ownerId: null }] };
    expect(refusal(dropped, resize(8, 20))).toBe('The grid cannot be 8 × 20: a dropped weapon lies outside it.');

    const painted = encounter([], { terrain: { '2,12': 'wall', '3,12': 'fire' } });
    expect(refusal(painted, resize(20, 12))).toBe('The grid cannot be 20 × 12: 2 painted hexes lie outside it (paint them open first).');

    const fogged = { ...encounter([]), map: { ...encounter([]).map, hidden: ['0,15'] } };
    expect(refusal(fogged, resize(20, 15))).toBe('The grid cannot be 20 × 15: 1 hidden hex lies outside it (reveal them first).');
    expect(step(fogged, resize(20, 16)).state.map.rows).toBe(16);
  });

  it('refuses a resize to the size it already has, and sizes out of bounds in the schema', () => {
    expect(refusal(encounter([]), resize(20, 20))).toBe('The grid is already 20 × 20.');
    expect(refusal(encounter([]), resize(0, 20))).toBe('A grid is 1 to 500 columns by 1 to 500 rows; 0 × 20 is not.');
    expect(CommandSchema.safeParse(resize(0, 5)).success).toBe(false);
    expect(CommandSchema.safeParse(resize(501, 5)).success).toBe(false);
    expect(CommandSchema.safeParse(resize(4.5, 5)).success).toBe(false);
    expect(CommandSchema.safeParse(resize(40, 30)).success).toBe(true);
    expect(CommandSchema.safeParse({ type: 'fitMapToImage' }).success).toBe(true);
  });
});

describe('fitMapToImage', () => {
  const withImage = (placement: { x: number; y: number; scale: number }) => {
    const set = step(encounter([]), { type: 'setMapImage', image: { asset: ASSET, width: 1000, height: 800 } }).state;
    return step(set, { type: 'calibrateMap', placement }).state;
  };

  it('covers the calibrated image: every column and row whose first hex centre lies on it', () => {
    // 1000 × 800 px at 0.04 world units a pixel, from (0, 0): 40 × 32 world units.
    // Flat-top hexes of size 1: column c's centre is at x = 1 + 1.5c (< 40 for c ≤ 25), row r's at y = 1 + √3·r (< 32 for r ≤ 17).
    const state = withImage({ x: 0, y: 0, scale: 0.04 });
    expect(gridFittingImage(state.map)).toEqual({ cols: 26, rows: 18 });
    const fitted = step(state, { type: 'fitMapToImage' });
    expect(fitted.state.map).toMatchObject({ cols: 26, rows: 18 });
    expect(fitted.events).toEqual([{ type: 'mapResized', cols: 26, rows: 18, fitted: true, source: 'DESIGN §Rendering' }]);
    expect(refusal(fitted.state, { type: 'fitMapToImage' })).toBe('The grid already fits the map image (26 × 18).');
  });

  it('grows the grid for a large image and refuses as a resize does', () => {
    const large = withImage({ x: 0, y: 0, scale: 0.1 }); // 100 × 80 world units
    expect(gridFittingImage(large.map)).toEqual({ cols: 66, rows: 46 });
    // 20 × 16 world units: columns 0–12 (1 + 1.5 × 12 = 19), rows 0–8 (1 + 8√3 ≈ 14.9).
    const guarded = { ...withImage({ x: 0, y: 0, scale: 0.02 }), figures: [fig('bram', 'a', 15, 0)] };
    expect(refusal(guarded, { type: 'fitMapToImage' })).toBe('The grid cannot be 13 × 9: Bram stands outside it.');
  });

  it('refuses without an image, and for an image wholly above or left of the grid', () => {
    expect(refusal(encounter([]), { type: 'fitMapToImage' })).toBe('Import and calibrate a map image before fitting the grid to it.');
    expect(refusal(withImage({ x: -100, y: 0, scale: 0.04 }), { type: 'fitMapToImage' })).toBe(
      'The map image lies above or left of the grid: calibrate it onto the grid first.',
    );
  });
});

describe('resizing in a session', () => {
  const dirs = tempDirs();
  afterEach(() => dirs.cleanup());
  const closing = closeAfterEach();

  it('is logged, and undo and redo take it back and forth', async () => {
    const dir = await copySample(await dirs.make());
    const session = closing.add(await Session.open(await openCampaignFolder(dir), recordingSink()));
    const before = session.currentState.map;
    await session.execute({ type: 'resizeMap', cols: before.cols + 4, rows: before.rows + 2 });
    expect(session.currentState.map).toMatchObject({ cols: before.cols + 4, rows: before.rows + 2 });
    expect((await readLogFile(dir)).at(-1)!.command).toEqual({ type: 'resizeMap', cols: before.cols + 4, rows: before.rows + 2 });
    await session.undo();
    expect(session.currentState.map).toEqual(before);
    await session.redo();
    expect(session.currentState.map.cols).toBe(before.cols + 4);
  });
});
