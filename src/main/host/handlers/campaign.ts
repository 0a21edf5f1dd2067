import type { CAMPAIGN_CHANNELS } from '../../../shared/channels/campaign';
import { DEFAULT_RULES, OPTION_SOURCES, RULE_SOURCES } from '../../engine/rules';
import type { ConsoleCore } from '../coreApi';
import type { HandlersFor } from '../dispatch';
import { answer } from './encounter';
import { createEncounterWith, encounterRulesState, encounterSides, setEncounterRules } from '../encounterSetup';

/** Campaigns and encounters on disk; every argument was validated by the dispatcher. */
export function campaignHandlers(core: () => ConsoleCore): HandlersFor<typeof CAMPAIGN_CHANNELS> {
  return {
    listCampaigns: () => core().listCampaigns(),
    createCampaign: ({ name }) => core().createCampaign(name),
    openCampaign: (ref) => core().openCampaignRef(ref),
    renameCampaign: ({ name }) => core().renameCampaign(name),
    duplicateCampaign: ({ name }) => core().duplicateCampaign(name),
    deleteCampaign: ({ folder }) => core().deleteCampaign(folder),
    listEncounters: () => core().listEncounters(),
    createEncounter: ({ name, map, figures }) =>
      figures && (figures.copy || (figures.rosterIds?.length ?? 0) > 0) ? createEncounterWith(core(), name, map, figures) : core().createEncounter(name, map),
    encounterSides: ({ id }) => encounterSides(core(), id),
    describeEncounterRules: () => ({ ...encounterRulesState(core()), defaults: DEFAULT_RULES, sources: { ...RULE_SOURCES, ...OPTION_SOURCES } }),
    setEncounterRules: ({ rules }) => setEncounterRules(core(), rules),
    renameEncounter: ({ id, name }) => core().renameEncounter(id, name),
    duplicateEncounter: ({ id, name }) => core().duplicateEncounter(id, name),
    deleteEncounter: ({ id }) => core().deleteEncounter(id),
    openEncounter: ({ id }) => core().openEncounter(id),
    undoToTurnStart: ({ seen }) => answer(core().session, seen, (s) => s.undoToTurnStart(seen)),
    listBackups: ({ campaign, file }) => core().listBackups(file, campaign),
    restoreBackup: ({ campaign, file, backup }) => core().restoreBackup(file, backup, campaign),
    salvageLog: ({ campaign, file }) => core().salvageLog(file, campaign),
    importBundle: (args) => core().transfers.importBundle(args),
    exportCombatLog: ({ id, audience }) => core().exportCombatLog(id, audience),
    getRules: () => core().getRules(),
    setRules: ({ rules }) => core().setRules(rules),
    describeRules: () => ({
      rules: core().getRules(),
      defaults: DEFAULT_RULES,
      sources: { ...RULE_SOURCES, ...OPTION_SOURCES },
    }),
    importMapImage: () => core().transfers.importMapImage(),
  };
}
