export * from './attributes';
export * from './creation';
export * from './pools';
export * from './injury';
export * from './survival';
