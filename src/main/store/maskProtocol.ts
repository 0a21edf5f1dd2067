import type { HexMask } from './fogPainter';

/** What main sends the masking worker: one image to mask. */
export interface MaskJob {
  readonly id: number;
  readonly sourcePath: string;
  readonly ext: string;
  readonly mask: HexMask;
}

export type MaskReply = { readonly id: number; readonly bytes: Uint8Array; readonly type: string } | { readonly id: number; readonly error: string };
