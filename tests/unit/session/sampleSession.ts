/** The sample campaign opened as a live session on disk, and the checks the session tests share. */
import { writeFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { Session } from '../../../src/main/session/session';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import type { EncounterFile } from '../../../src/main/store/schema';
import type { Command } from '../../../src/shared/contract/commands';
import { isAppError } from '../../../src/shared/errors';
import { hexKey } from '../../../src/shared/hex';
import { PlayerViewSchema, type GmView, type PlayerView } from '../../../src/shared/contract/views';
import {
  SAMPLE_SECRETS,
  allKeys,
  copySample,
  encounterFilePath,
  readEncounterFile,
  recordingSink,
  samplePlayerId,
  type RecordingSink,
  type tempDirs,
} from '../../support/tempCampaign';
import type { Closing } from '../../support/closing';

export const FIXED_NOW = new Date('2026-03-01T12:00:00.000Z');

/** Opens a fresh copy of the sample in one of `dirs`, after `edit` rewrote its encounter file; `closing` closes the session after the test. */
export const sampleOpener =
  (dirs: ReturnType<typeof tempDirs>, closing: Closing) =>
  async (edit?: (file: EncounterFile) => void): Promise<{ dir: string; session: Session; sink: RecordingSink }> => {
    const dir = await copySample(await dirs.make());
    if (edit) {
      const file = await readEncounterFile(dir);
      edit(file);
      await writeFile(encounterFilePath(dir), JSON.stringify(file, null, 2));
    }
    const sink = recordingSink();
    const session = closing.add(await Session.open(await openCampaignFolder(dir), sink, () => FIXED_NOW));
    return { dir, session, sink };
  };

export const move = (figureId: string, q: number, r: number): Command => ({ type: 'moveFigure', figureId, to: { q, r } });
export const turn = (figureId: string, facing: number): Command => ({ type: 'turnFigure', figureId, facing });
export const pos = (view: GmView | PlayerView, id: string) =>
  view.encounter.figures.find((f) => f.id === ('history' in view ? id : samplePlayerId(id)))?.position;

export async function codeOf(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    if (isAppError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected the promise to reject');
}

/** Asserts that the player view carries none of the sample campaign's secrets. */
export function expectNoSecrets(view: PlayerView, fogged: readonly string[]): void {
  PlayerViewSchema.parse(view);
  const text = JSON.stringify(view);
  expect(text).not.toContain(SAMPLE_SECRETS.hiddenFigureId);
  expect(text).not.toContain(SAMPLE_SECRETS.hiddenFigureName);
  expect(text).not.toContain(SAMPLE_SECRETS.spellId);
  expect(text).not.toContain(`"${SAMPLE_SECRETS.spellName}"`);
  expect(text).not.toContain(SAMPLE_SECRETS.foggedTerrain);
  for (const note of SAMPLE_SECRETS.gmNoteFragments) expect(text).not.toContain(note);
  const keys = allKeys(view);
  for (const k of SAMPLE_SECRETS.secretKeys) expect(keys.has(k), `key ${k}`).toBe(false);
  // Fogged hexes are listed as fogged, never with their terrain.
  for (const key of fogged) expect(Object.keys(view.encounter.map.terrain)).not.toContain(key);
  for (const f of view.encounter.figures) expect(fogged).not.toContain(hexKey(f.position));
}
