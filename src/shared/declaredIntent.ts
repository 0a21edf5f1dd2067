/* No zod at run time here: the GM page's declaration form imports these without the schemas. */

/** RULINGS O4 (003 §1 Movement): what a figure means to do this round. */
export const DECLARED_ACTIONS = ['attack', 'missile', 'cast', 'defend', 'move', 'rout', 'other'] as const;
/** RULINGS O4 (003 §Movement Table): how fast it means to move. */
export const DECLARED_MOVEMENTS = ['none', 'walking', 'hustling', 'sprinting'] as const;

/** The ruling each option setting carries, for the settings screen. */
export const OPTION_SETTING_SOURCES = {
  'declaredIntent.stressDie':
    "the console's choice (003 §1 Movement and RULINGS O4 name a stress die, not its size or how it rolls): d10, a 1 rolls again and doubles",
} as const;
