/**
 * A window role's push encoder: each view goes as its `delta` from the view this
 * encoder sent before, or whole where there is none. What a role may see is decided before its
 * views reach here (`gmView`, `playerView`).
 */
export function pushEncoder<View, Delta>(delta: (before: View | null, view: View) => Delta | null): (view: View) => View | Delta {
  let last: View | null = null;
  return (view) => {
    const change = delta(last, view);
    last = view;
    return change ?? view;
  };
}
