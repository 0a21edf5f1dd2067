/**
 * The GM's settings for the tactics that a page shows and main enforces, declared once here
 * (DESIGN §Settings, declared once): the channel's schema, the engine's type and
 * the tracker's control are derived from this table. None of them is a rule: each is the
 * console's choice of how the autopilot plays.
 */
export const HIDDEN_FIGURES = {
  key: 'hiddenFigures',
  label: 'Hidden figures',
  /** Kept by main for the autopilot until the console restarts; Suggest follows it too. */
  lifetime: 'autopilot',
  default: 'stay',
  choices: [
    {
      value: 'stay',
      label: 'stay hidden',
      text: 'A figure hidden from the players keeps to its cover: it moves only within the fog, never beside a foe, and strikes nobody until you reveal it.',
    },
    {
      value: 'act',
      label: 'act openly',
      text: 'A figure hidden from the players waits in its cover until it can strike a foe that turn, then comes out of hiding (shown to the players) and strikes.',
    },
  ],
} as const;

export type HiddenFiguresPolicy = (typeof HIDDEN_FIGURES.choices)[number]['value'];

export const HIDDEN_FIGURES_VALUES = HIDDEN_FIGURES.choices.map((c) => c.value) as [HiddenFiguresPolicy, ...HiddenFiguresPolicy[]];

/** The words for a policy, as the tracker says it. */
export function hiddenFiguresText(policy: HiddenFiguresPolicy): string {
  return HIDDEN_FIGURES.choices.find((c) => c.value === policy)!.text;
}
