/**
 * Who a projection is for (DESIGN §The player projection). Every player surface is made for one
 * audience: the table, which sees what the projector shows; or a seat (one player's phone), which
 * sees exactly what the table sees plus its own figures' card (projection/seatCard.ts). Code that
 * decides by audience switches over `kind` with a `never` check, so a new kind cannot be served by
 * omission.
 */
export type Audience = { readonly kind: 'table' } | { readonly kind: 'seat'; readonly figureIds: readonly string[] };

/** The table: the projector, and every player page on the player token. */
export const TABLE: Audience = { kind: 'table' };

/** The compile-time end of an exhaustive switch; at run time an unknown value is shown nothing. */
export function nothingFor(value: never): null {
  void value;
  return null;
}
