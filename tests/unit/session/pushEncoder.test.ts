/**
 * Each role's encoder sends a view as its change from the view it sent last, whether
 * that went as a change or whole. With a real session on a copy of the sample campaign, for the
 * GM and the player encoders alike.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gmPushEncoder } from '../../../src/main/session/gmPush';
import { playerPushEncoder } from '../../../src/main/projection/push';
import { Session } from '../../../src/main/session/session';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import type { GmView, PlayerView } from '../../../src/shared/contract/views';
import { copySample, recordingSink, tempDirs } from '../../support/tempCampaign';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());

async function sample(): Promise<Session> {
  return Session.open(await openCampaignFolder(await copySample(await dirs.make())), recordingSink());
}

/** What `encode` sends for `view`, then for a view of another opening, then for that opening's next revision. */
function pushesOf<V extends GmView | PlayerView, P extends object>(view: V, encode: (v: V) => P): { pushes: P[]; figures: number } {
  const other = { ...view, session: 'another-opening', revision: 0 };
  return { pushes: [view, other, { ...other, revision: 1 }].map(encode), figures: view.encounter.figures.length };
}

describe('a push encoder', () => {
  it.each([
    ['GM', async () => pushesOf((await sample()).gmView(), gmPushEncoder())],
    ['player', async () => pushesOf((await sample()).playerView(), playerPushEncoder())],
  ])('sends the %s view whole first and when the opening changes, then the change from the view it sent whole', async (_role, sent) => {
    const { pushes, figures } = await sent();
    expect(pushes.map((p) => ('base' in p ? p.base : 'whole'))).toEqual(['whole', 'whole', 0]);
    expect(pushes[2]).toMatchObject({ encounter: { map: null, figures: [figures] } });
  });
});
