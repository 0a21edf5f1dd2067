/** Per-character initiative (RULINGS O2; 000). */
export * from './initiative';
export * from './cleanup';
export * from './rules';
