/**
 * The campaign's rule settings (DESIGN §The engine: one `Rules` value). The stored, JSON-safe
 * settings live in shared/ so the contract and the settings screen use the same schema.
 */
export * from '../../shared/rulesSettings';
