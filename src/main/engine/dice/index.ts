export * from './types';
export * from './parse';
export { makeRoll } from './roll';
export * from './seeded';
export * from './entered';
export * from './faceStream';
export * from './rollOff';
