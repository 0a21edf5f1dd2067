import { describe, expect, it } from 'vitest';
import type { Hex } from '../../../src/shared/hex';
import type { ProposalView } from '../../../src/shared/contract/tacticsViews';
import type { GmView } from '../../../src/shared/contract/views';

// Renderer code is outside tsconfig.node.json's file list (see projection.test.ts): imported by a
// computed path. The marker is plain data; the drawing is checked in Chromium (tacticsMap.spec.ts).
type Marker = { actor: Hex | null; path: Hex[]; targets: Hex[] } | null;
const modulePath = ['..', '..', '..', 'src', 'renderer', 'src', 'panels', 'tactics', 'proposalMarker'].join('/');
const { proposalMarker } = (await import(/* @vite-ignore */ modulePath)) as {
  proposalMarker: (s: { proposal: ProposalView | null; revision: number } | null, view: GmView) => Marker;
};

/** Only what the marker reads: the view's revision and where the figures stand. */
const view = (revision = 7) =>
  ({
    revision,
    encounter: {
      figures: [
        { id: 'grak', position: { q: 2, r: 3 } },
        { id: 'bram', position: { q: 4, r: 3 } },
        { id: 'ilsa', position: { q: 5, r: 1 } },
      ],
    },
  }) as unknown as GmView;
const at = (proposal: ProposalView, revision = 7) => proposalMarker({ proposal, revision }, view());

describe('proposalMarker (the tactics suggestion on the GM map)', () => {
  it('draws a move along the path the tactics found', () => {
    const path = [
      { q: 2, r: 3 },
      { q: 3, r: 3 },
      { q: 3, r: 4 },
    ];
    const m = at({ command: { type: 'move', figureId: 'grak', to: { q: 3, r: 4 } }, actorId: 'grak', reason: '', path });
    expect(m).toEqual({ actor: { q: 2, r: 3 }, path, targets: [] });
  });

  it('rings the target of an attack, and of each blow of a two-weapon attack', () => {
    expect(at({ command: { type: 'attack', figureId: 'grak', targetId: 'bram', weaponId: null }, actorId: 'grak', reason: '' })?.targets).toEqual([
      { q: 4, r: 3 },
    ]);
    const both = at({
      command: {
        type: 'twoWeaponAttack',
        figureId: 'grak',
        attacks: [
          { targetId: 'bram', weaponId: 'a' },
          { targetId: 'ilsa', weaponId: 'b' },
        ],
      },
      actorId: 'grak',
      reason: '',
    } as unknown as ProposalView);
    expect(both?.targets).toEqual([
      { q: 4, r: 3 },
      { q: 5, r: 1 },
    ]);
  });

  it('rings a spell cast at a bare hex, and draws a one-hex step from the figure', () => {
    const cast = at({
      command: { type: 'castSpell', figureId: 'ilsa', spellId: 'fire', targetHex: { q: 0, r: 0 }, push: 0 },
      actorId: 'ilsa',
      reason: '',
    } as unknown as ProposalView);
    expect(cast?.targets).toEqual([{ q: 0, r: 0 }]);
    const step = at({ command: { type: 'disengage', figureId: 'grak', to: { q: 1, r: 3 } }, actorId: 'grak', reason: '' });
    expect(step?.path).toEqual([
      { q: 2, r: 3 },
      { q: 1, r: 3 },
    ]);
  });

  it('shows nothing for a step with no place on the map, a self-target, or a stale revision', () => {
    expect(at({ command: { type: 'pass', figureId: 'grak' }, actorId: 'grak', reason: '' })).toBeNull();
    expect(at({ command: { type: 'bindWound', figureId: 'grak', targetId: 'grak' }, actorId: 'grak', reason: '' })).toBeNull();
    expect(at({ command: { type: 'attack', figureId: 'grak', targetId: 'bram', weaponId: null }, actorId: 'grak', reason: '' }, 6)).toBeNull();
    expect(proposalMarker(null, view())).toBeNull();
  });
});
