/**
 * The player push is the change from the view pushed before.
 * With a real session on a copy of the sample campaign: a page applying the changes holds exactly
 * the player view main holds, keeps its objects of the figures that did not change, and a change
 * names only ids the page was already sent. A command players cannot see still pushes nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { playerPushEncoder } from '../../../src/main/projection/push';
import { Session } from '../../../src/main/session/session';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import type { Command } from '../../../src/shared/contract/commands';
import { applyViewDelta, isViewDelta } from '../../../src/shared/viewOrder';
import { PlayerViewDeltaSchema, PlayerViewSchema, type PlayerView, type PlayerViewPush } from '../../../src/shared/contract/views';
import { copySample, recordingSink, SAMPLE_SECRETS, tempDirs } from '../../support/tempCampaign';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();

/** The session's player pushes as a host sends them, after a JSON round trip like the socket's. */
async function sampleWithPushes(): Promise<{ session: Session; pushes: PlayerViewPush[] }> {
  const dir = await copySample(await dirs.make());
  const encode = playerPushEncoder();
  const pushes: PlayerViewPush[] = [];
  const sink = recordingSink();
  const session = closing.add(
    await Session.open(await openCampaignFolder(dir), {
      gm: sink.gm,
      player: (v) => pushes.push(JSON.parse(JSON.stringify(encode(v))) as PlayerViewPush),
    }),
  );
  encode(session.playerView());
  return { session, pushes };
}

const turn = (figureId: string, facing: number): Command => ({ type: 'turnFigure', figureId, facing });

describe('the player view pushed as a change', () => {
  it('after each command the page applying the changes holds main’s player view, unchanged figures kept by identity', async () => {
    const { session, pushes } = await sampleWithPushes();
    let page = JSON.parse(JSON.stringify(session.playerView())) as PlayerView;
    for (const command of [turn('bram', 2), { type: 'moveFigure', figureId: 'grak', to: { q: 15, r: 1 } } as Command, turn('ilsa', 4)]) {
      await session.execute(command);
      const delta = PlayerViewDeltaSchema.parse(pushes.at(-1));
      expect(delta.encounter.figures.filter((f) => typeof f === 'object')).toHaveLength(1);
      // The unchanged figures go as the runs before and after it.
      expect(delta.encounter.figures.length).toBeLessThanOrEqual(3);
      expect(delta.encounter.map).toBeNull();
      // Every id a change names by itself is one of the figures the page already holds.
      const held = new Set(page.encounter.figures.map((f) => f.id));
      for (const f of delta.encounter.figures) if (typeof f === 'string') expect(held.has(f)).toBe(true);
      const next = applyViewDelta(page, delta)!;
      expect(PlayerViewSchema.parse(next)).toEqual(session.playerView());
      const changed = (delta.encounter.figures.find((f) => typeof f === 'object') as { id: string }).id;
      for (const f of next.encounter.figures) {
        if (f.id === changed) expect(f).not.toBe(page.encounter.figures.find((g) => g.id === f.id));
        else expect(f).toBe(page.encounter.figures.find((g) => g.id === f.id));
      }
      page = next;
    }
    await session.undo();
    page = applyViewDelta(page, PlayerViewDeltaSchema.parse(pushes.at(-1)))!;
    expect(page).toEqual(session.playerView());
  });

  it('a command on a hidden figure, or on a seen figure’s GM notes, pushes nothing to the players', async () => {
    const { session, pushes } = await sampleWithPushes();
    const before = pushes.length;
    const revision = session.playerView().revision;
    await session.execute(turn(SAMPLE_SECRETS.hiddenFigureId, 4));
    await session.execute({ type: 'updateFigure', figureId: 'bram', changes: { gmNotes: 'Owes the Duke money' } });
    expect(pushes).toHaveLength(before);
    expect(session.playerView().revision).toBe(revision);
    // The next change the players see follows the view they hold, and sends one figure.
    await session.execute(turn('bram', 5));
    const delta = PlayerViewDeltaSchema.parse(pushes.at(-1));
    expect(delta.base).toBe(revision);
    expect(delta.encounter.figures.filter((f) => typeof f === 'object')).toHaveLength(1);
  });

  it('the map goes when fog changes it, and a figure revealed goes whole', async () => {
    const { session, pushes } = await sampleWithPushes();
    const page = JSON.parse(JSON.stringify(session.playerView())) as PlayerView;
    await session.execute({ type: 'setHexesHidden', hexes: [{ q: 0, r: 0 }], hidden: true });
    const fogged = PlayerViewDeltaSchema.parse(pushes.at(-1));
    expect(fogged.encounter.map?.fogged).toContain('0,0');
    // Sella stands under fog as well: unhiding her shows the players nothing until the fog lifts.
    const pushed = pushes.length;
    await session.execute({ type: 'setFigureHidden', figureId: SAMPLE_SECRETS.hiddenFigureId, hidden: false });
    expect(pushes).toHaveLength(pushed);
    await session.execute({ type: 'setHexesHidden', hexes: [{ q: 22, r: -6 }], hidden: false });
    const shown = PlayerViewDeltaSchema.parse(pushes.at(-1));
    expect(shown.encounter.map?.fogged).not.toContain('22,-6');
    const whole = shown.encounter.figures.filter((f) => typeof f === 'object');
    expect(whole.map((f) => (f as { name: string }).name)).toEqual([SAMPLE_SECRETS.hiddenFigureName]);
    // A page that missed the fog push cannot apply the next change: it fetches the whole view.
    expect(applyViewDelta(page, shown)).toBeNull();
    const encode = playerPushEncoder();
    encode(session.playerView());
    expect(isViewDelta(encode({ ...session.playerView(), session: 'another-opening', revision: 0 }))).toBe(false);
  });
});
