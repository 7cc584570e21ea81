let done = false;

/**
 * For long streaming work (an --all export, a large sales history). As allocation goes on, V8 grows its
 * young generation from 2 MB to 32 MB (two semi-spaces of 16 MB), all of it resident, although what a
 * stream allocates dies young. Kept at its start size, the peak RSS of a 200,000-event export is ~105 MB
 * instead of ~130 MB, for no CPU that could be told from noise (BENCHMARKS.md). `--max-semi-space-size`
 * would say this directly but is read only at start-up; the growth factor is a heuristic read at every
 * collection, so setting it here takes effect.
 */
export async function keepYoungGenerationSmall(): Promise<void> {
  if (done) return;
  done = true;
  await setGrowthFactor();
}

/**
 * Starting a worker thread (--jq's) puts V8's flags back as they were at start-up, so the young generation
 * of tix's own thread grows again (issue 29 §5: +30 MB of peak RSS in a bulk --jq run): called once the
 * worker is running, this sets the growth factor again if it was set.
 */
export async function keepYoungGenerationSmallAfterWorkerStart(): Promise<void> {
  if (done) await setGrowthFactor();
}

async function setGrowthFactor(): Promise<void> {
  // node:v8 is loaded here, not at start-up: a one-off query never needs it.
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--semi-space-growth-factor=1');
}
