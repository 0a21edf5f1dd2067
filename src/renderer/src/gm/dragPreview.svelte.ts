import type { DropCommand, DropPreview } from '../../../shared/contract/channels/placing';
import type { ClientApi } from '../../../shared/contract';
import type { DragPath } from '../map/handOverlay';

/** "5 hexes · Walk (10 hexes) · 2 Fatigue", or the engine's reason for refusing the drop. */
export function dropLabel(p: DropPreview): string {
  if (!p.ok) return p.reason ?? 'Refused';
  const hexes = `${p.cost} ${p.cost === 1 ? 'hex' : 'hexes'}`;
  return [hexes, p.gait, p.fatigue > 0 ? `${p.fatigue} Fatigue` : ''].filter((t) => t !== '').join(' · ');
}

/**
 * While the GM drags a figure: the drop's command for the hex under it goes to
 * main's `previewDrop`, one question at a time — the newest hex waits for the answer before it,
 * and an answer for a hex the figure has left is dropped.
 */
class DragPreviewState {
  path = $state<DragPath | null>(null);
  private seq = 0;
  private busy = false;
  private next: DropCommand | null = null;

  over(api: ClientApi<'gm'>, command: DropCommand | null): void {
    this.seq++;
    if (command === null) {
      this.next = null;
      this.path = null;
      return;
    }
    this.next = command;
    if (!this.busy) void this.run(api);
  }

  private async run(api: ClientApi<'gm'>): Promise<void> {
    this.busy = true;
    while (this.next) {
      const command = this.next;
      this.next = null;
      const mine = this.seq;
      const r = await api.previewDrop({ command });
      if (mine !== this.seq) continue;
      const turned = r.ok && r.value.ok && command.facing !== undefined ? ` · facing ${command.facing}` : '';
      this.path = r.ok ? { path: r.value.path, ok: r.value.ok, label: dropLabel(r.value) + turned } : { path: [], ok: false, label: r.error.message };
    }
    this.busy = false;
  }
}

export const dragPreview = new DragPreviewState();
