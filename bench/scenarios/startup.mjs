/** Scenario 1: the cost of starting tix at all, against the cost of starting Node.js. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeCommand } from '../measure.mjs';
import { infoRatioRow, ratioRow, timeRow } from '../rows.mjs';

export const STARTUP_GOAL = 1.25;

export async function startup(ctx) {
  // For context: what Node's ES module loader alone adds (the bundle is ES modules).
  const emptyModule = join(ctx.workDir, 'empty.mjs');
  writeFileSync(emptyModule, '');
  const [node, esm, version, help] = await ctx.measure(
    [
      nodeCommand('node -e 0', ['-e', '0']),
      nodeCommand('node empty.mjs', [emptyModule]),
      nodeCommand('tix --version', [ctx.tixBin, '--version']),
      nodeCommand('tix --help', [ctx.tixBin, '--help']),
    ],
    ctx.sizes.startup,
  );
  return [
    timeRow(node, 'the floor: starting Node.js'),
    infoRatioRow(esm, node, 'an empty ES module: the ES module loader alone'),
    ratioRow(version, node, STARTUP_GOAL),
    ratioRow(help, node, STARTUP_GOAL),
  ];
}
