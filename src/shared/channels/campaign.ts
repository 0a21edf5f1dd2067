/** Channels that manage campaigns and encounters on disk (issue 6 fills this group). */
export const CAMPAIGN_CHANNELS = {} as const;
