import type { Proposal } from '../../engine/tactics/types';
import type { ProposalView } from '../../../shared/contract/tacticsViews';

/** A proposal as the GM page receives it (the contract's `ProposalSchema`). */
export function proposalView(p: Proposal): ProposalView {
  return { command: p.command, actorId: p.actorId, reason: p.reason, ...(p.path ? { path: [...p.path] } : {}) };
}
