import { app, dialog } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerAppScheme } from './host/electron/appProtocol';
import { runConsole } from './host/electron/consoleApp';
import { useMaskWorker } from './store/maskImage';

const here = dirname(fileURLToPath(import.meta.url));
const resources = app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');

registerAppScheme();
useMaskWorker(join(here, 'maskWorker.js'));
app.enableSandbox();
app.on('window-all-closed', () => app.quit());
app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

app
  .whenReady()
  .then(() =>
    runConsole({
      rendererDir: join(here, '..', 'renderer'),
      preloadDir: join(here, '..', 'preload'),
      sampleCampaignDir: join(resources, 'sample-campaign'),
      simulationWorker: join(here, 'simulationWorker.js'),
    }),
  )
  .catch((e) => {
    // Never vanish: the GM sees why. A damaged campaign file does not get here.
    console.error('Pillars GM Console could not start:', e);
    dialog.showErrorBox('Pillars GM Console could not start', e instanceof Error ? e.message : String(e));
    app.exit(1);
  });
