import type { ClientApi } from '../../../shared/contract';
import type { Hex } from '../../../shared/hex';

/**
 * Whether the GM shows the ruler to the table (kept while the page is open, as a VTT's ruler
 * sharing is), and the last ends sent, so each change of the ruler is sent once.
 */
class TableRuler {
  shown = $state(false);
  private sent = 'null';

  async send(api: ClientApi<'gm'>, ends: { from: Hex; to: Hex } | null, toast: (text: string) => void): Promise<void> {
    const key = JSON.stringify(ends);
    if (key === this.sent) return;
    this.sent = key;
    const result = await api.showRuler({ ends });
    if (!result.ok) toast(result.error.message);
  }
}

export const tableRuler = new TableRuler();
