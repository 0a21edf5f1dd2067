import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The Electron executable if one is installed, without triggering Electron's lazy download
 * (which cannot work offline; CONTRIBUTING.md §Setting up and running). Honours ELECTRON_OVERRIDE_DIST_PATH.
 */
export function findElectronBinary(): { path: string } | { missing: string } {
  const pkg = resolve(import.meta.dirname, '..', '..', 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const candidate = join(override, relative ?? 'electron');
    return existsSync(candidate) ? { path: candidate } : { missing: `ELECTRON_OVERRIDE_DIST_PATH has no ${candidate}` };
  }
  if (!relative) return { missing: 'node_modules/electron has no path.txt: the Electron binary was never downloaded' };
  const binary = join(pkg, 'dist', relative);
  return existsSync(binary) ? { path: binary } : { missing: `the Electron binary ${binary} is not installed` };
}
