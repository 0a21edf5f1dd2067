import { z } from 'zod';
import { IdSchema, PhaseSchema } from '../schemas';
import { channel, NoArgs } from './define';
import { OPTION_KEYS } from '../../settings/ruleTable';

/**
 * The open encounter's rules as the tracker reads them (RULINGS O1–O4): the turn's
 * phases, what initiative rolls, which options are on (with their ruling and source document),
 * and under stride & momentum (O3) each figure's stride, momentum and action points left.
 * A query: asked again when the GM view's revision changes, never pushed with the view.
 */
export const TurnPhaseSchema = z.object({ id: PhaseSchema, label: z.string(), source: z.string(), movement: z.boolean() }).strict();

export const TurnOptionSchema = z
  .object({
    key: z.enum(OPTION_KEYS),
    name: z.string(),
    on: z.boolean(),
    ruling: z.string(),
    document: z.string(),
    documentTitle: z.string(),
    summary: z.string(),
  })
  .strict();

export const FigureStrideSchema = z
  .object({
    figureId: IdSchema,
    stride: z.number().int().min(0).max(8),
    band: z.enum(['standing', 'wary', 'walking', 'running', 'sprinting']),
    momentum: z.number().int().min(0).max(8),
    apLeft: z.number().int().min(0),
    text: z.string(),
  })
  .strict();

export const TurnRulesSchema = z
  .object({
    encounterId: IdSchema,
    phases: z.array(TurnPhaseSchema),
    initiative: z
      .object({ id: z.string(), name: z.string(), rollText: z.string(), source: z.string(), canYield: z.boolean(), by: z.enum(['side', 'figure']) })
      .strict(),
    movement: z.object({ id: z.string(), name: z.string(), source: z.string() }).strict(),
    options: z.array(TurnOptionSchema),
    /** What the combination of options means (e.g. which initiative won). */
    notes: z.array(z.string()),
    /** Under O3 only: every figure's stride status (empty otherwise). */
    strides: z.array(FigureStrideSchema),
    /** The stride-N move modes open under O3 (empty otherwise). */
    strideModes: z.array(z.string()),
    /**
     * The attributes a figure has under these rules (RULINGS O1: ST/DX/IQ/WIS, else
     * 001's six), where each is kept on the stored figure, and how a new figure's may be made.
     */
    stats: z
      .object({
        id: z.enum(['pillars', 'classic']),
        name: z.string(),
        source: z.string(),
        attributes: z.array(z.object({ id: z.string(), name: z.string(), keptAs: z.enum(['STR', 'DEX', 'INT', 'WIS', 'CON', 'CHR']) }).strict()),
        creationMethods: z.array(z.enum(['pointBuy', 'roll', 'entered', 'set'])),
        creationNote: z.string(),
      })
      .strict(),
  })
  .strict();

export const RULES_CHANNELS = {
  turnRules: channel({
    args: NoArgs,
    result: TurnRulesSchema,
    summary: "The open encounter's own rules: its phases, initiative roll, options on, and strides under O3.",
  }),
} as const;

export type TurnRules = z.infer<typeof TurnRulesSchema>;
export type FigureStride = z.infer<typeof FigureStrideSchema>;
