/** Stride & momentum movement (RULINGS O3; 002). */
export * from './tables';
export * from './stride';
export * from './charge';
export * from './rules';
export * from './hazards';
