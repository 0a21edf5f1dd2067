/** Declared intent (RULINGS O4; 003). */
export * from './stressDie';
export * from './declarations';
export * from './rules';
