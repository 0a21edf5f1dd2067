import type { Role } from '../../shared/contract';
import type { Handout } from '../../shared/channels/handouts';
import type { PlayerView } from '../../shared/views';
import { playerScreenView } from './blackout';
import type { ProjectorState } from '../../shared/channels/display';
import type { EncounterState } from '../engine/encounter/schema';
import { maskedImageRecipe, playerMapImage } from '../session/playerMapImage';
import { assetPath, readAsset } from '../store/assets';
import { maskFoggedHexes } from '../store/maskImage';

export type Asset = { body: Buffer; type: string };
/** `forbidden`: a page without a valid token, or a player asking for what it may not see. */
export type AssetAnswer = Asset | null | 'forbidden';

/** Masked images kept made, by name: a map image masked is a few MiB at most and the fog changes one edit at a time. */
const KEEP_MASKED = 4;

/**
 * Who may fetch which campaign asset (issue 13 §5), for both hosts' asset routes. The GM page
 * may fetch any asset of the open campaign. A player page may fetch only the players' copy of the
 * current map image (`session/playerMapImage.ts`), masked here on first request and cached by
 * name; never the GM's image, and never a copy made with fewer hexes fogged than are fogged now —
 * a page still holding an older view's name is answered with the current copy, not an error.
 * It may also fetch exactly the token art its player view names (issue 15 item 1): the art of a
 * hidden figure, or of one on a fogged hex, is refused like any other asset; and the image of the
 * handout the projector shows now (issue 15 §2), no other handout's: one not yet shown, taken
 * down, or under blackout is refused.
 */
export class AssetAccess {
  private readonly masked = new Map<string, Promise<Asset | null>>();

  /**
   * `open`: the open campaign's folder, encounter map, the art its player view shows now and the
   * handout the players see now; null without a campaign, a null map and no art without an encounter.
   */
  constructor(
    private readonly open: () => {
      campaignDir: string;
      map: EncounterState['map'] | null;
      playerArt: () => readonly string[];
      handout?: Handout | null;
    } | null,
  ) {}

  async read(role: Role | null, name: string): Promise<AssetAnswer> {
    if (role === null) return 'forbidden';
    const opened = this.open();
    if (opened === null) return role === 'gm' ? null : 'forbidden';
    const { campaignDir, map } = opened;
    if (role === 'gm') {
      const asset = await readAsset(campaignDir, name);
      if (asset !== null || maskedImageRecipe(name) === undefined) return asset;
    }
    if (opened.handout?.image?.asset === name) return (await readAsset(campaignDir, name)) ?? 'forbidden';
    const asked = maskedImageRecipe(name);
    if (asked === undefined && opened.playerArt().includes(name)) return readAsset(campaignDir, name);
    if (asked === undefined || map === null) return 'forbidden';
    const fogged = new Set(asked.fogged);
    if (map.image?.asset !== asked.source || !map.hidden.every((key) => fogged.has(key))) {
      // A page still drawing an older view asks for a copy with less fog than now: it gets today's copy instead.
      const current = playerMapImage(map);
      if (current === undefined) return 'forbidden';
      name = current.asset;
    }
    const recipe = maskedImageRecipe(name)!;
    let made = this.masked.get(name);
    if (made === undefined) {
      made = (async () => {
        const path = await assetPath(campaignDir, recipe.source);
        return path === null ? null : maskFoggedHexes(path, recipe.source.slice(recipe.source.lastIndexOf('.') + 1), recipe);
      })();
      made.catch(() => this.masked.delete(name));
      this.masked.set(name, made);
      if (this.masked.size > KEEP_MASKED) this.masked.delete(this.masked.keys().next().value!);
    }
    return made;
  }
}

/** The token art the projector shows now: that of the figures in the player view, none under blackout. */
export function shownArt(projector: ProjectorState, view: PlayerView | null): string[] {
  return view ? playerScreenView(projector, view).encounter.figures.flatMap((f) => (f.art ? [f.art] : [])) : [];
}
