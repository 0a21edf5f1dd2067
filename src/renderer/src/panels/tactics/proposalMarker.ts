import type { Hex } from '../../../../shared/hex';
import type { ProposalView } from '../../../../shared/contract/tacticsViews';
import type { GmView } from '../../../../shared/contract/views';
import type { ProposalMarker } from '../../map/proposalOverlay';

/**
 * Where a suggestion shows on the GM map: a move's path as the tactics found it;
 * a one-hex step (disengage, a forced retreat, a flight) from the figure to where it goes; and the
 * hex of each figure or the hex an attack or spell aims at. The console's choice: the suggestion
 * shows only on the revision it was made for, so any command retires it from the map too.
 */
export function proposalMarker(suggestion: { proposal: ProposalView | null; revision: number } | null, view: GmView): ProposalMarker | null {
  const p = suggestion?.proposal;
  if (!suggestion || !p || suggestion.revision !== view.revision) return null;
  const positionOf = (id: string | null | undefined): Hex | null => view.encounter.figures.find((f) => f.id === id)?.position ?? null;
  const cmd = p.command as {
    figureId?: string;
    targetId?: string;
    targetHex?: Hex;
    to?: Hex | null;
    attacks?: readonly { targetId: string }[];
  };
  const actor = positionOf(cmd.figureId ?? p.actorId);
  const path: Hex[] = p.path ? [...p.path] : actor && cmd.to ? [actor, cmd.to] : [];
  const targets: Hex[] = [];
  const aim = (h: Hex | null | undefined): void => {
    if (h && !targets.some((t) => t.q === h.q && t.r === h.r)) targets.push({ q: h.q, r: h.r });
  };
  if (cmd.targetId !== undefined && cmd.targetId !== cmd.figureId) aim(positionOf(cmd.targetId));
  aim(cmd.targetHex);
  for (const a of cmd.attacks ?? []) aim(positionOf(a.targetId));
  if (path.length < 2 && targets.length === 0) return null;
  return { actor, path, targets };
}
