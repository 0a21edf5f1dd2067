import type { FigureCatalogue } from '../../../../shared/contract/channels/figure';
import type { GmConsole } from '../../gm/console.svelte';
import { withRulingTexts } from '../../../../shared/rulings/citations';
import { parseTypedFaces } from '../../typedFaces';

/** Weapons, armour, shields and spells to choose from (main's tables), asked for once per page. */
export const catalogue = $state<{ value: FigureCatalogue | null }>({ value: null });

let asked = false;
export function loadCatalogue(gm: GmConsole): void {
  if (asked) return;
  asked = true;
  void gm.api.figureCatalogue({}).then((r) => {
    if (r.ok) catalogue.value = r.value;
    else {
      asked = false;
      gm.toast(r.error.message);
    }
  });
}

export const ATTRS = ['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR'] as const;
export type Attr = (typeof ATTRS)[number];

/** A breakdown as a tooltip: one line per rule, then the text of each ruling cited (src/shared/rulings). */
export function tip(e: { value: number; breakdown: readonly { label: string; value: number; source: string }[] }): string {
  return withRulingTexts(e.breakdown.map((l) => `${l.label}: ${l.value >= 0 ? '+' : '−'}${Math.abs(l.value)} (${l.source})`).join('\n'));
}

export function signed(v: number): string {
  return v < 0 ? `−${-v}` : v > 0 ? `+${v}` : '0';
}

/** `count` faces of d6 typed at the table, read as every dice field reads them (typedFaces.ts), or null when the text is not that. */
export function parseFaces(text: string, count: number): number[] | null {
  const typed = parseTypedFaces(text);
  return typed.ok && typed.faces.length === count && typed.faces.every((f) => f <= 6) ? [...typed.faces] : null;
}
