// A PNG of a page tix wrote, taken by Debian's headless Chromium from file:// (the docs' pictures:
// render-chart-png.mjs, render-report.mjs). Its profile lives in `work`, which the caller removes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Writes `png`, a screenshot of the file `page` in a window of `size` ("width,height"). */
export function screenshot(page, png, size, work) {
  execFileSync(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--user-data-dir=${mkdtempSync(join(work, 'chromium-'))}`,
      '--hide-scrollbars',
      `--window-size=${size}`,
      `--screenshot=${png}`,
      pathToFileURL(page).href,
    ],
    { stdio: ['ignore', 'ignore', 'ignore'] },
  );
}
