/**
 * What the campaign screens share on the GM page: which screen is open, the file that failed to
 * open (with its reason), and the campaign menu's request for the map-image dialog. No rule
 * state lives here.
 */
export type CampaignTab = 'campaigns' | 'encounters' | 'rules' | 'encounter-rules' | 'files';

export interface OpenFailure {
  /** The campaign's folder path main knows (for its backups), or null for the open campaign. */
  readonly campaignPath: string | null;
  /** The file to blame, as the backups name it (`encounters/<id>.json`…), or null. */
  readonly file: string | null;
  readonly message: string;
  /** What to try again once a backup is restored. */
  readonly retry: { readonly kind: 'encounter'; readonly id: string } | { readonly kind: 'campaign'; readonly path: string } | null;
}

export const campaignUi = $state<{ open: boolean; tab: CampaignTab; failure: OpenFailure | null }>({
  open: false,
  tab: 'campaigns',
  failure: null,
});

export const mapImageUi = $state({ requested: 0 });

export function openCampaignScreen(tab: CampaignTab): void {
  campaignUi.tab = tab;
  campaignUi.open = true;
}

/** The file a `corrupt-file` message names, as the backups know it (the store's own pattern). */
export function blamedFile(message: string): string | null {
  const m = /(campaign\.json|encounters\/[A-Za-z0-9_-]{1,64}\.(?:log\.jsonl|json))/.exec(message);
  return m ? m[1]! : null;
}
