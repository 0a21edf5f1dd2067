import type { Command } from '../../../../shared/contract/commands';
import { postFile } from './files';
import type { ReportProgress } from './uploadProgress.svelte';

/**
 * Token art from a file the GM dropped or chose: uploaded into the campaign's
 * content-hashed assets (main decodes and checks it, as a map image), then set on the figure as
 * one undoable command. Resolves to null when done, or to the message already shown.
 */
export async function setTokenArt(
  file: File,
  figure: { id: string; name: string },
  send: (command: Command) => Promise<string | null>,
  toast: (text: string) => void,
  report?: ReportProgress,
): Promise<string | null> {
  if (!/^image\/(png|jpeg|webp)$/.test(file.type)) {
    const text = `${file.name} is not a PNG, JPEG or WebP image.`;
    toast(text);
    return text;
  }
  const uploaded = await postFile<{ asset: string }>('/campaign/upload-art', file, report);
  if (!uploaded.ok) {
    toast(uploaded.error.message);
    return uploaded.error.message;
  }
  const refused = await send({ type: 'updateFigure', figureId: figure.id, changes: { art: uploaded.value.asset } });
  if (!refused) toast(`${figure.name} has new token art.`);
  return refused;
}
