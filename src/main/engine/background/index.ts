/** Character background and prior experience (001 §Character Background, §Prior Experience). */
export * from './tables';
export * from './background';
export * from './priorExperienceTables';
export * from './priorExperience';
