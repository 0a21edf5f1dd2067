/**
 * Fetches a campaign asset, asking again while the host answers "busy" (503 with Retry-After:
 * a masked copy of the map waits its turn, and an older request gave way to a newer one). A page
 * that gave up there would keep the bare grid until the map next changed. It stops asking after
 * `BUSY_GIVE_UP_MS` and answers the last response, which the caller reports as a failure.
 */
const BUSY_GIVE_UP_MS = 60_000;

export async function fetchAsset(url: string): Promise<Response> {
  const start = Date.now();
  for (;;) {
    const response = await fetch(url);
    if (response.status !== 503 || Date.now() - start >= BUSY_GIVE_UP_MS) return response;
    await response.body?.cancel();
    const seconds = Number(response.headers.get('retry-after'));
    await new Promise((resolve) => setTimeout(resolve, Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 1000));
  }
}

/**
 * Where a page loads a campaign asset: the same path on both hosts (docs/design-notes.md), with
 * the page's own token, which the asset route requires.
 */
export const assetUrl = (asset: string): string => {
  const token = new URLSearchParams(location.search).get('token');
  return `/campaign-assets/${asset}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
};
