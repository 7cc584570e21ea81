/**
 * The rows of the results table. Every row has a command and its median time; a row with a goal also has
 * the measured figure, the goal and whether it was met, so the table reads the same for times and memory.
 */

/** A measured command with no goal of its own (a baseline, or a figure reported for context). */
export function timeRow(result, note = '') {
  return { label: result.label, ms: result.medianMs, runs: result.runs, peakMb: result.peakMb, note };
}

/** `result` against `baseline` in the same run: the ratio of medians, at most `goal`. */
export function ratioRow(result, baseline, goal, note = '') {
  const ratio = result.medianMs / baseline.medianMs;
  return {
    ...timeRow(result, note),
    figure: `${ratio.toFixed(2)} × ${baseline.label}`,
    goal: `≤ ${goal}`,
    ok: ratio <= goal,
  };
}

/** A ratio reported for context only, with no goal. */
export function infoRatioRow(result, baseline, note = '') {
  return { ...timeRow(result, note), figure: `${(result.medianMs / baseline.medianMs).toFixed(2)} × ${baseline.label}` };
}

/** A figure that is not a time (peak memory, growth), with its goal. */
export function figureRow(label, figure, goal, ok, note = '') {
  return { label, figure, goal, ok, note };
}

export function count(n) {
  return n.toLocaleString('en-US');
}

export function mb(value) {
  return `${value.toFixed(1)} MB`;
}
