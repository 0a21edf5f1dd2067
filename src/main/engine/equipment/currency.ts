/**
 * Money (001 §Currency System). One MU is one gold piece in most places; a gold piece is ten
 * silver pieces and a silver piece is ten copper pieces. The engine counts money in copper
 * pieces (whole numbers) so that sums never round; a `Price` is the same amount split into coins.
 *
 * Costs in the tables are written three ways, and `parseCost` reads all of them:
 *  - a bare number (`10`, `5,000`) in the weapon and armour tables: MU, i.e. gold pieces;
 *  - a number with a coin (`2 gp`, `5 sp`, `1 cp`), a range (`10-50 gp`) or a rate
 *    (`2 cp/mile`) in the adventuring gear tables;
 *  - `—`: no price given.
 */

export type Coin = 'gp' | 'sp' | 'cp';

// 001 §Currency System: 1 gp = 10 sp, 1 sp = 10 cp.
export const CP_PER_COIN: Readonly<Record<Coin, number>> = { gp: 100, sp: 10, cp: 1 };
export const CURRENCY_SOURCE = '001 §Currency System';

/** An amount split into coins. `priceToCp`/`cpToPrice` convert; `cpToPrice` gives the fewest coins. */
export interface Price {
  readonly gp: number;
  readonly sp: number;
  readonly cp: number;
}

/** A cost as a table writes it, with its value in copper pieces. */
export type Cost =
  | { readonly kind: 'fixed'; readonly text: string; readonly cp: number }
  /** A range such as `10-50 gp` (the GM picks a price inside it). */
  | { readonly kind: 'range'; readonly text: string; readonly minCp: number; readonly maxCp: number }
  /** A rate such as `2 cp/mile`. */
  | { readonly kind: 'rate'; readonly text: string; readonly cp: number; readonly per: string }
  /** `—` or an empty cell: the table gives no price. */
  | { readonly kind: 'none'; readonly text: string };

export class PriceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PriceError';
  }
}

export function priceToCp(price: Partial<Price>): number {
  return (price.gp ?? 0) * CP_PER_COIN.gp + (price.sp ?? 0) * CP_PER_COIN.sp + (price.cp ?? 0);
}

/** Splits copper pieces into the fewest coins (gp first). Negative amounts keep their sign on every coin. */
export function cpToPrice(totalCp: number): Price {
  if (!Number.isInteger(totalCp)) throw new PriceError(`Not a whole number of copper pieces: ${totalCp}`);
  const sign = totalCp < 0 ? -1 : 1;
  let rest = Math.abs(totalCp);
  const gp = Math.floor(rest / CP_PER_COIN.gp);
  rest -= gp * CP_PER_COIN.gp;
  const sp = Math.floor(rest / CP_PER_COIN.sp);
  rest -= sp * CP_PER_COIN.sp;
  // `|| 0` keeps -0 out of the result.
  return { gp: sign * gp || 0, sp: sign * sp || 0, cp: sign * rest || 0 };
}

/** `1000` → `1,000`, as the tables write large amounts (no locale involved). */
function groupThousands(n: number): string {
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats copper pieces the way the gear tables write prices: `2 gp`, `5 sp`, `1,000 gp`;
 * mixed amounts list each coin (`2 gp 5 sp`); zero is `0 cp`.
 */
export function formatCp(totalCp: number): string {
  const price = cpToPrice(totalCp);
  const parts: string[] = [];
  for (const coin of ['gp', 'sp', 'cp'] as const) {
    const n = price[coin];
    if (n !== 0) parts.push(`${groupThousands(n)} ${coin}`);
  }
  return parts.length === 0 ? '0 cp' : parts.join(' ');
}

export function formatPrice(price: Partial<Price>): string {
  return formatCp(priceToCp(price));
}

/** Formats a parsed cost back into table style (`10-50 gp`, `2 cp/mile`, `—`). */
export function formatCost(cost: Cost): string {
  switch (cost.kind) {
    case 'fixed':
      return formatCp(cost.cp);
    case 'range': {
      const lo = cpToPrice(cost.minCp);
      const hi = cpToPrice(cost.maxCp);
      // Same single coin at both ends (the tables' only form): `10-50 gp`.
      for (const coin of ['gp', 'sp', 'cp'] as const) {
        const onlyCoin = (p: Price): boolean => (['gp', 'sp', 'cp'] as const).every((c) => c === coin || p[c] === 0);
        if (onlyCoin(lo) && onlyCoin(hi) && lo[coin] !== 0 && hi[coin] !== 0) {
          return `${groupThousands(lo[coin])}-${groupThousands(hi[coin])} ${coin}`;
        }
      }
      return `${formatCp(cost.minCp)} to ${formatCp(cost.maxCp)}`;
    }
    case 'rate':
      return `${formatCp(cost.cp)}/${cost.per}`;
    case 'none':
      return '—';
  }
}

const NO_PRICE = new Set(['', '—', '–', '-']);

function parseAmount(text: string, whole: string): number {
  const cleaned = text.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) throw new PriceError(`Cannot read the amount in "${whole}"`);
  return Number(cleaned);
}

function toWholeCp(amount: number, coin: Coin, whole: string): number {
  const cp = Math.round(amount * CP_PER_COIN[coin] * 1000) / 1000;
  if (!Number.isInteger(cp)) throw new PriceError(`"${whole}" is not a whole number of copper pieces`);
  return cp;
}

/**
 * Reads a cost cell. `bareUnit` is the coin a number without a coin means: the weapon and
 * armour tables write bare MU, and 001 §Currency System says 1 MU = 1 gp, hence the default.
 * Accepted forms: `10`, `5,000`, `2 gp`, `5 sp`, `1 cp`, `0.3 gp`, `10-50 gp`, `2 cp/mile`, `—`.
 */
export function parseCost(text: string, bareUnit: Coin = 'gp'): Cost {
  const t = text.trim();
  if (NO_PRICE.has(t)) return { kind: 'none', text };
  const m = /^([\d.,]+)(?:\s*[-–]\s*([\d.,]+))?\s*(gp|sp|cp|MU)?(?:\s*\/\s*([A-Za-z]+))?$/.exec(t);
  if (!m) throw new PriceError(`Cannot read the price "${text}"`);
  const [, first, second, unitText, per] = m;
  const coin: Coin = unitText === undefined || unitText === 'MU' ? bareUnit : (unitText as Coin);
  const lo = toWholeCp(parseAmount(first ?? '', text), coin, text);
  if (second !== undefined) {
    if (per !== undefined) throw new PriceError(`A ranged rate is not a table form: "${text}"`);
    const hi = toWholeCp(parseAmount(second, text), coin, text);
    if (hi < lo) throw new PriceError(`Range runs backwards in "${text}"`);
    return { kind: 'range', text, minCp: lo, maxCp: hi };
  }
  if (per !== undefined) return { kind: 'rate', text, cp: lo, per };
  return { kind: 'fixed', text, cp: lo };
}

/** Reads a price that must be a single amount (e.g. `2 gp`) into copper pieces. */
export function parsePriceCp(text: string, bareUnit: Coin = 'gp'): number {
  const cost = parseCost(text, bareUnit);
  if (cost.kind !== 'fixed') throw new PriceError(`"${text}" is not a single price`);
  return cost.cp;
}

/** Reads a single price into coins, e.g. `1,000 gp` → { gp: 1000, sp: 0, cp: 0 }. */
export function parsePrice(text: string, bareUnit: Coin = 'gp'): Price {
  return cpToPrice(parsePriceCp(text, bareUnit));
}

/** The copper value used for sums: fixed and rate costs their amount, ranges their low end, none 0. */
export function costFloorCp(cost: Cost): number {
  switch (cost.kind) {
    case 'fixed':
    case 'rate':
      return cost.cp;
    case 'range':
      return cost.minCp;
    case 'none':
      return 0;
  }
}

// 001 §Economic Context: reference amounts for a GM pricing things not in the tables.
export const ECONOMIC_CONTEXT = [
  { id: 'poverty-line', label: 'Poverty line', text: '10 gp/month', cp: 1000, per: 'month' },
  { id: 'decent-living', label: 'Decent living', text: '100 gp/month', cp: 10000, per: 'month' },
  { id: 'daily-survival', label: 'Daily survival', text: '~0.3 gp/day (3 silver pieces)', cp: 30, per: 'day' },
  { id: 'comfortable-daily', label: 'Comfortable daily', text: '~3 gp/day', cp: 300, per: 'day' },
] as const;
