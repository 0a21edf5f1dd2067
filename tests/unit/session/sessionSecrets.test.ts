/** The session's player trust boundary (DESIGN §One picture): no player view it sends carries a secret. */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { replay } from '../../../src/main/session/session';
import { gmView as buildGmView } from '../../../src/main/session/gmView';
import { openCampaignFolder } from '../../../src/main/store/campaignFolder';
import { isAppError } from '../../../src/shared/errors';
import { hexNeighbor } from '../../../src/shared/hex';
import { readEncounterFile, samplePlayerId, tempDirs } from '../../support/tempCampaign';
import { expectNoSecrets, move, pos, sampleOpener, turn } from './sampleSession';
import { closeAfterEach } from '../../support/closing';

const dirs = tempDirs();
afterEach(() => dirs.cleanup());
const closing = closeAfterEach();
const openSample = sampleOpener(dirs, closing);

describe('Session: the player view keeps the secrets', () => {
  it('the sample’s player view has no hidden figure, mana, notes, hidden flags, spells or fogged terrain', async () => {
    const { session } = await openSample();
    const fogged = session.gmView().encounter.map.hidden;
    expect(fogged.length).toBeGreaterThan(0);
    const pv = session.playerView();
    expectNoSecrets(pv, fogged);
    expect(pv.encounter.figures.map((f) => f.id)).toEqual(['bram', 'ilsa', 'grak'].map(samplePlayerId));
    expect([...pv.encounter.map.fogged].sort()).toEqual([...fogged].sort());
    // Visible terrain is still there.
    expect(pv.encounter.map.terrain['14,0']).toBe('wall');
    expect(pv.encounter.map.terrain['18,4']).toBe('fire');
  });

  it('after every change the player views sent out keep the secrets too, even when the GM moves the hidden figure', async () => {
    const { session, sink } = await openSample();
    const fogged = session.gmView().encounter.map.hidden;
    await session.execute(move('sella', 22, -5));
    await session.execute(turn('sella', 2));
    await session.execute(move('bram', 10, 5));
    await session.undo();
    for (const v of sink.playerViews) expectNoSecrets(v, fogged);
    expect(pos(session.gmView(), 'sella')).toEqual({ q: 22, r: -5 });
  });

  it('a figure that is not hidden but stands in fog is not shown; a hidden one in the open is not shown either', async () => {
    const { session } = await openSample((file) => {
      file.initial.figures.find((f) => f.id === 'sella')!.hidden = false;
      file.initial.figures.find((f) => f.id === 'grak')!.hidden = true;
    });
    const ids = session.playerView().encounter.figures.map((f) => f.id);
    expect(ids).toEqual(['bram', 'ilsa'].map(samplePlayerId));
  });

  it('a visible figure that walks into fog disappears from the player view and comes back when it leaves', async () => {
    const { session } = await openSample((file) => {
      file.initial.figures.find((f) => f.id === 'bram')!.position = { q: 20, r: -5 };
    });
    expect(pos(session.playerView(), 'bram')).toEqual({ q: 20, r: -5 });
    await session.execute(move('bram', 21, -5));
    expect(pos(session.playerView(), 'bram')).toBeUndefined();
    expect(pos(session.gmView(), 'bram')).toEqual({ q: 21, r: -5 });
    await session.execute(move('bram', 20, -5));
    expect(pos(session.playerView(), 'bram')).toEqual({ q: 20, r: -5 });
  });

  it('property: after any sequence of commands, the player view keeps the secrets and replay equals the live state', async () => {
    const ids = ['bram', 'ilsa', 'grak', 'sella', 'ghost'] as const;
    const commandArb = fc.oneof(
      fc.record({ kind: fc.constant('move' as const), id: fc.constantFrom(...ids), dir: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ kind: fc.constant('turn' as const), id: fc.constantFrom(...ids), dir: fc.integer({ min: 0, max: 5 }) }),
      fc.constant({ kind: 'undo' as const, id: 'bram', dir: 0 }),
      fc.constant({ kind: 'redo' as const, id: 'bram', dir: 0 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { dir, session } = await openSample();
        const fogged = session.gmView().encounter.map.hidden;
        for (const step of steps) {
          const at = pos(session.gmView(), step.id) ?? { q: 0, r: 0 };
          const to = hexNeighbor(at, step.dir);
          const work =
            step.kind === 'move'
              ? session.execute(move(step.id, to.q, to.r))
              : step.kind === 'turn'
                ? session.execute(turn(step.id, step.dir))
                : step.kind === 'undo'
                  ? session.undo()
                  : session.redo();
          await work.catch((e: unknown) => {
            if (!isAppError(e)) throw e;
          });
          expectNoSecrets(session.playerView(), fogged);
        }
        const file = await readEncounterFile(dir);
        expect(file.log.map((e) => e.seq)).toEqual(file.log.map((_, i) => i + 1));
        const live = session.gmView();
        expect(live.history.logLength).toBe(file.log.length);
        const folder = await openCampaignFolder(dir);
        expect(buildGmView(folder.campaign, replay(file, file.log).state, live.history, live.revision, undefined, live.session)).toEqual(live);
      }),
      { numRuns: 15 },
    );
  });
});
