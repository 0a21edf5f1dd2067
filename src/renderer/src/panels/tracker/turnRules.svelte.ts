import type { ClientApi } from '../../../../shared/contract';
import type { TurnRules } from '../../../../shared/contract/channels/rules';
import { LatestAnswer } from '../../api/latestAnswer';
import { keepUnchanged } from './keepUnchanged';

/**
 * The open encounter's own rules as main's `turnRules` query answers (RULINGS O1–O4):
 * phases, the initiative roll, options on, strides under O3. Asked again when the GM view's
 * revision changes; several components share one answer per revision.
 */
class TurnRulesStore {
  value = $state.raw<TurnRules | null>(null);
  private askedFor = -1;
  private askedOf = '';
  private readonly answer = new LatestAnswer();

  /** Asks main once per revision (call from an `$effect` that reads the revision). */
  refresh(api: ClientApi<'gm'>, revision: number, encounterId: string): void {
    // Several panels ask on the same push: one question per revision of an encounter.
    if (revision === this.askedFor && encounterId === this.askedOf) return;
    this.askedFor = revision;
    this.askedOf = encounterId;
    this.answer.ask(api.turnRules({}), (r) => {
      if (r.ok) this.value = keepUnchanged(this.value, r.value);
    });
  }

  /** The strides by figure, built once per answer: every row and token asks (1,000 figures). */
  private readonly strides = $derived(new Map((this.value?.strides ?? []).map((s) => [s.figureId, s])));

  /** Under O3, a figure's stride status (null otherwise). */
  strideOf(figureId: string): TurnRules['strides'][number] | null {
    return this.strides.get(figureId) ?? null;
  }
}

export const turnRules = new TurnRulesStore();
