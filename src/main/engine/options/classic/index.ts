/** The Classic rule set (RULINGS O1; 004). */
export * from './tables';
export * from './movement';
export * from './combat';
export * from './turn';
export * from './sheet';
export * from './rules';
