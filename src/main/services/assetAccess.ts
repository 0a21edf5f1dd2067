import type { Role } from '../../shared/contract';
import type { MaskedImageRecipe } from '../projection/mapImage';
import type { PlayerProjection } from '../projection/tableProjection';
import { assetPath, readAsset } from '../store/assets';
import { maskFoggedHexes } from '../store/maskImage';

export type Asset = { body: Buffer; type: string };
/**
 * `forbidden`: a page without a valid token, or a player asking for what it may not see;
 * `superseded`: a page asking for a name the table's recent frames named that the current one does not (nothing is served).
 */
export type AssetAnswer = Asset | null | 'forbidden' | 'superseded';

/**
 * Masked copies and pieces kept made, by name, the oldest forgotten past these: a whole copy is a
 * few MiB, a piece a few dozen KiB, and a page (the TV, the mirror, a page loaded again) asks for
 * all the pieces of the current copy.
 */
const KEEP_MASKED = 256;
const KEEP_MASKED_BYTES = 64 * 1024 * 1024;

/**
 * Who may fetch which campaign asset, for both hosts' asset routes. The GM page may fetch any
 * asset of the open campaign, and the players' copy of the current map image. A player page is
 * served exactly what the table's projection grants now (projection/assets.ts): the masked copy
 * of the map image its frame names, the art of the figures in it, the handout on the projector;
 * anything else — an older masked name, the GM's image, another handout, anything under
 * blackout — is refused. The masked copy is made here on first request and kept by name.
 */
export class AssetAccess {
  private readonly masked = new Map<string, { readonly made: Promise<Asset | null>; bytes: number }>();

  /** `open`: the open campaign's folder and the table's projection; null without a campaign. */
  constructor(private readonly open: () => { campaignDir: string; table: PlayerProjection } | null) {}

  async read(role: Role | null, name: string): Promise<AssetAnswer> {
    if (role === null) return 'forbidden';
    const opened = this.open();
    if (opened === null) return role === 'gm' ? null : 'forbidden';
    const { campaignDir, table } = opened;
    if (role === 'gm') {
      const asset = await readAsset(campaignDir, name);
      const recipe = asset === null ? table.currentMask(name) : undefined;
      if (recipe !== undefined) return this.mask(campaignDir, name, recipe);
      // The mirror on the GM page loads what the table is sent: a piece the fog moved on from is "moved on" there too.
      return asset === null && table.superseded(name) ? 'superseded' : asset;
    }
    const grant = table.grant(name);
    if (grant === null) return table.superseded(name) ? 'superseded' : 'forbidden';
    return grant.kind === 'masked' ? this.mask(campaignDir, name, grant.recipe) : readAsset(campaignDir, name);
  }

  private mask(campaignDir: string, name: string, recipe: MaskedImageRecipe): Promise<Asset | null> {
    const known = this.masked.get(name);
    if (known !== undefined) return known.made;
    const made = (async () => {
      const path = await assetPath(campaignDir, recipe.source);
      return path === null ? null : maskFoggedHexes(path, recipe.source.slice(recipe.source.lastIndexOf('.') + 1), recipe);
    })();
    const entry = { made, bytes: 0 };
    this.masked.set(name, entry);
    made.then(
      (asset) => {
        entry.bytes = asset?.body.length ?? 0;
        this.forgetOldest();
      },
      () => this.masked.get(name) === entry && this.masked.delete(name),
    );
    this.forgetOldest();
    return made;
  }

  private forgetOldest(): void {
    let bytes = 0;
    for (const entry of this.masked.values()) bytes += entry.bytes;
    for (const [name, entry] of this.masked) {
      if (this.masked.size <= KEEP_MASKED && bytes <= KEEP_MASKED_BYTES) return;
      this.masked.delete(name);
      bytes -= entry.bytes;
    }
  }
}
