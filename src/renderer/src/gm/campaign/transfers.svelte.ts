import type { GmConsole } from '../console.svelte';
import { download, fetchExport, postFile } from './files';

/**
 * The campaign screen's export and import of export files, and the progress bar they show
 * (TransferBar.svelte). The bar belongs to one transfer, named by an id this page chooses, and
 * ends when that transfer's request ends — done, refused or failed — whatever main's progress
 * events said; those only give the steps in between (main checks an import after its last byte).
 */
export interface TransferShown {
  readonly id: string;
  readonly direction: 'export' | 'import';
  readonly what: string;
  readonly step: string;
  readonly done: number;
  readonly total: number | null;
}

type Progress = TransferShown & { outcome: 'running' | 'done' | 'failed'; message: string | null };

export const transferUi = $state<{ current: TransferShown | null }>({ current: null });

/** The reason main gave when a transfer failed, by id (a stream that broke off says no more). */
const failures: Record<string, string> = {};
/** Transfers main has reported on: from then on its steps, not the page's own count of bytes sent, fill the bar. */
const heard: Record<string, true> = {};

const newId = () => `t${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;

function begin(shown: TransferShown): void {
  transferUi.current = shown;
}

function update(id: string, change: Partial<TransferShown>): void {
  if (transferUi.current?.id === id) transferUi.current = { ...transferUi.current, ...change };
}

function end(id: string): void {
  if (transferUi.current?.id === id) transferUi.current = null;
}

/** A progress event from main: its step and numbers, for the transfer this page is running. */
export function onTransferProgress(p: Progress): void {
  if (p.outcome === 'failed' && p.message) failures[p.id] = p.message;
  if (p.outcome !== 'running' || transferUi.current?.id !== p.id) return;
  heard[p.id] = true;
  update(p.id, { step: p.step, done: p.done, total: p.total });
}

/** The page's own progress (bytes sent or read), until main reports on the transfer itself. */
function pageProgress(id: string, change: Partial<TransferShown>): void {
  if (!heard[id]) update(id, change);
}

/** Exports the campaign (or one encounter) and saves the file. */
export async function exportBundle(gm: GmConsole, encounter: string | null, label: string): Promise<void> {
  const id = newId();
  begin({ id, direction: 'export', what: label, step: 'Preparing', done: 0, total: null });
  try {
    const r = await fetchExport(encounter, id, (done, total) => pageProgress(id, { step: 'Exporting', done, total }));
    if (r.ok) {
      download(r.fileName, r.file);
      gm.inform(`Exported “${r.fileName}”.`);
    } else gm.toast(failures[id] ?? r.message);
  } finally {
    delete failures[id];
    delete heard[id];
    end(id);
  }
}

export interface Imported {
  readonly kind: string;
  readonly name: string;
  readonly encounters: readonly { readonly name: string }[];
  readonly renamed: boolean;
}

const importedText = (r: Imported): string =>
  r.kind === 'campaign'
    ? `Imported the campaign “${r.name}”${r.renamed ? ' (renamed: the name was taken)' : ''}.`
    : `Imported ${r.encounters.map((e) => `“${e.name}”`).join(', ')} into this campaign${r.renamed ? ' (renamed: a name was taken)' : ''}.`;

/** Uploads an export file the GM chose in the page and imports it. */
export async function importBundleFile(gm: GmConsole, file: File): Promise<Imported | null> {
  const id = newId();
  begin({ id, direction: 'import', what: file.name, step: 'Sending', done: 0, total: file.size });
  try {
    const r = await postFile<Imported>('/campaign/import', file, (sent, total) => pageProgress(id, { step: 'Sending', done: sent, total }), {
      transfer: id,
      name: file.name,
    });
    if (r.ok) gm.inform(importedText(r.value));
    else gm.toast(r.error.message);
    return r.ok ? r.value : null;
  } finally {
    delete failures[id];
    delete heard[id];
    end(id);
  }
}

/** Electron: main's own file dialog, then the import, its progress pushed by main. */
export async function importChosenBundle(gm: GmConsole): Promise<Imported | null> {
  const id = newId();
  begin({ id, direction: 'import', what: 'export file', step: 'Choosing the file', done: 0, total: null });
  try {
    const r = await gm.api.importBundle({ choose: true, transfer: id });
    if (!r.ok) gm.toast(r.error.message);
    else if (r.value) gm.inform(importedText(r.value));
    return r.ok ? r.value : null;
  } finally {
    delete failures[id];
    delete heard[id];
    end(id);
  }
}
