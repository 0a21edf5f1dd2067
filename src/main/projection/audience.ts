/**
 * Who a projection is for (DESIGN §The player projection). Every player surface is
 * made for one audience: today the table, which sees what the projector shows. A seat (one
 * player's phone) will be another kind: what the table sees plus its own figures' private fields.
 * Code that decides by audience switches over `kind` with a `never` check, so a new kind cannot
 * be served by omission.
 */
export type Audience = { readonly kind: 'table' };

/** The table: the projector, and every player page on the player token. */
export const TABLE: Audience = { kind: 'table' };

/** The compile-time end of an exhaustive switch; at run time an unknown value is shown nothing. */
export function nothingFor(value: never): null {
  void value;
  return null;
}
