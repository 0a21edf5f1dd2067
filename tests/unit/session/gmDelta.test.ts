/**
 * The GM push is the change from the view pushed before. With a real session on a
 * copy of the sample campaign: a page that applies the changes holds exactly the view main holds,
 * keeps its own objects of the figures that did not change, and a change that does not follow
 * the page's view is not applied.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gmPushEncoder } from '../../../src/main/session/gmPush';
import { Session } from '../../../src/main/session/session';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import type { Command } from '../../../src/shared/contract/commands';
import { applyViewDelta, isViewDelta } from '../../../src/shared/viewOrder';
import { GmViewDeltaSchema, GmViewSchema, type GmView, type GmViewPush } from '../../../src/shared/contract/views';
import { copySample, recordingSink, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

/** The session's GM pushes as a host sends them, after a JSON round trip like the socket's. */
async function sampleWithPushes(): Promise<{ session: Session; pushes: GmViewPush[] }> {
  const dir = await copySample(await dirs.make());
  const encode = gmPushEncoder();
  const pushes: GmViewPush[] = [];
  const sink = recordingSink();
  const session = closing.add(
    await Session.open(await openCampaignFolder(dir), {
      gm: (v) => pushes.push(JSON.parse(JSON.stringify(encode(v))) as GmViewPush),
      player: sink.player,
    }),
  );
  encode(session.gmView());
  return { session, pushes };
}

const turn = (figureId: string, facing: number): Command => ({ type: 'turnFigure', figureId, facing });

describe('the GM view pushed as a change', () => {
  it('after each command the page applying the changes holds main’s view, with unchanged figures kept by identity', async () => {
    const { session, pushes } = await sampleWithPushes();
    let page: GmView = JSON.parse(JSON.stringify(session.gmView())) as GmView;
    for (const command of [turn('bram', 2), { type: 'moveFigure', figureId: 'grak', to: { q: 15, r: 1 } } as Command, turn('ilsa', 4)]) {
      await session.execute(command);
      const push = pushes.at(-1)!;
      expect(isViewDelta(push)).toBe(true);
      const delta = GmViewDeltaSchema.parse(push);
      // One figure changed; the others went as their ids.
      expect(delta.encounter.figures.filter((f) => typeof f === 'object')).toHaveLength(1);
      // The unchanged figures go as the runs before and after it.
      expect(delta.encounter.figures.length).toBeLessThanOrEqual(3);
      expect(delta.encounter.map).toBeNull();
      const next = applyViewDelta(page, delta)!;
      expect(GmViewSchema.parse(next)).toEqual(session.gmView());
      const changed = (delta.encounter.figures.find((f) => typeof f === 'object') as { id: string }).id;
      for (const f of next.encounter.figures) {
        if (f.id === changed) expect(f).not.toBe(page.encounter.figures.find((g) => g.id === f.id));
        else expect(f).toBe(page.encounter.figures.find((g) => g.id === f.id));
      }
      expect(next.encounter.map).toBe(page.encounter.map);
      page = next;
    }
    // Undo goes as a change too, and brings Ilsa's facing back.
    await session.undo();
    page = applyViewDelta(page, GmViewDeltaSchema.parse(pushes.at(-1)))!;
    expect(page).toEqual(session.gmView());
  });

  it('a change that does not follow the page’s view is not applied (the page fetches the whole view)', async () => {
    const { session, pushes } = await sampleWithPushes();
    const page = JSON.parse(JSON.stringify(session.gmView())) as GmView;
    await session.execute(turn('bram', 2));
    await session.execute(turn('bram', 3));
    const second = GmViewDeltaSchema.parse(pushes.at(-1));
    expect(second.base).toBe(page.revision + 1);
    expect(applyViewDelta(page, second)).toBeNull();
    expect(applyViewDelta({ ...page, session: 'another' }, GmViewDeltaSchema.parse(pushes[0]))).toBeNull();
  });

  it('a whole view goes when the encounter changes, and the map goes when it changed', async () => {
    const { session, pushes } = await sampleWithPushes();
    await session.execute({ type: 'paintTerrain', hexes: [{ q: 3, r: 3 }], terrain: 'wall' });
    const painted = GmViewDeltaSchema.parse(pushes.at(-1));
    expect(painted.encounter.map?.terrain['3,3']).toBe('wall');
    expect(painted.encounter.figures.every((f) => typeof f !== 'object')).toBe(true);
    const encode = gmPushEncoder();
    encode(session.gmView());
    const other = { ...session.gmView(), session: 'another-opening', revision: 0 };
    expect(isViewDelta(encode(other))).toBe(false);
  });
});
