import type { CAMPAIGN_CHANNELS } from '../../../shared/contract/channels/campaign';
import { DEFAULT_RULES, OPTION_SOURCES, RULE_SOURCES } from '../../engine/rules';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';
import { answer } from './encounter';
import { createEncounterWith, encounterRulesState, encounterSides, setEncounterRules } from '../../services/campaigns/encounterSetup';

/** Campaigns and encounters on disk; every argument was validated by the dispatcher. */
export function campaignHandlers(core: () => ConsoleCore): HandlersFor<typeof CAMPAIGN_CHANNELS> {
  return {
    listCampaigns: () => core().campaigns.listCampaigns(),
    createCampaign: ({ name }) => core().campaigns.createCampaign(name),
    openCampaign: (ref) => core().campaigns.openCampaignRef(ref),
    renameCampaign: ({ name }) => core().campaigns.renameCampaign(name),
    duplicateCampaign: ({ name }) => core().campaigns.duplicateCampaign(name),
    deleteCampaign: ({ folder }) => core().campaigns.deleteCampaign(folder),
    listEncounters: () => core().campaigns.listEncounters(),
    createEncounter: ({ name, map, figures }) =>
      figures && (figures.copy || (figures.rosterIds?.length ?? 0) > 0)
        ? createEncounterWith(core().campaigns, name, map, figures)
        : core().campaigns.createEncounter(name, map),
    encounterSides: ({ id }) => encounterSides(core().campaigns, id),
    describeEncounterRules: () => ({ ...encounterRulesState(core().campaigns), defaults: DEFAULT_RULES, sources: { ...RULE_SOURCES, ...OPTION_SOURCES } }),
    setEncounterRules: ({ rules }) => setEncounterRules(core().campaigns, rules),
    renameEncounter: ({ id, name }) => core().campaigns.renameEncounter(id, name),
    duplicateEncounter: ({ id, name }) => core().campaigns.duplicateEncounter(id, name),
    deleteEncounter: ({ id }) => core().campaigns.deleteEncounter(id),
    openEncounter: ({ id }) => core().campaigns.openEncounter(id),
    undoToTurnStart: ({ seen }) => answer(core().session, seen, (s) => s.undoToTurnStart(seen)),
    listBackups: ({ campaign, file }) => core().campaigns.listBackups(file, campaign),
    restoreBackup: ({ campaign, file, backup }) => core().campaigns.restoreBackup(file, backup, campaign),
    salvageLog: ({ campaign, file }) => core().campaigns.salvageLog(file, campaign),
    importBundle: (args) => core().transfers.importBundle(args),
    exportCombatLog: ({ id, audience }) => core().campaigns.exportCombatLog(id, audience),
    getRules: () => core().campaigns.getRules(),
    setRules: ({ rules }) => core().campaigns.setRules(rules),
    describeRules: () => ({
      rules: core().campaigns.getRules(),
      defaults: DEFAULT_RULES,
      sources: { ...RULE_SOURCES, ...OPTION_SOURCES },
    }),
    importMapImage: () => core().transfers.importMapImage(),
  };
}
