/**
 * Packaged builds are hardened with Electron fuses. The config is read and checked by
 * electron-builder's own loader and schema validator (what `npm run dist` uses), so a typo in a
 * fuse's name fails here as it would at packaging time.
 */
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../support/tempCampaign';

const REQUIRED_FUSES = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
} as const;

describe('electron-builder.yml fuses', () => {
  it('sets every required fuse to its hardened value, in a config electron-builder accepts', async () => {
    const config = await getConfig(REPO_ROOT, null, null);
    await validateConfiguration(config, new DebugLogger(false));
    const fuses = config.electronFuses ?? {};
    for (const [fuse, value] of Object.entries(REQUIRED_FUSES)) {
      expect({ fuse, value: (fuses as Record<string, unknown>)[fuse] }).toEqual({ fuse, value });
    }
    // Pages are served from app://, never file://: file pages get no extra privileges.
    expect(fuses.grantFileProtocolExtraPrivileges).toBe(false);
    // The asar the fuses protect is built.
    expect(config.asar).toBe(true);
  });
});
