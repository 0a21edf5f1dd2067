import type { ChannelResult } from '../../../../shared/contract';

export type CampaignList = ChannelResult<'listCampaigns'>;
export type CampaignInfo = ChannelResult<'createCampaign'>;
export type EncounterList = ChannelResult<'listEncounters'>;
export type RulesInfo = ChannelResult<'describeRules'>;
export type RulesSettings = ChannelResult<'getRules'>;
export type BackupInfo = ChannelResult<'listBackups'>[number];
