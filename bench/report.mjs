/**
 * The results as a Markdown table (printed, and kept in BENCHMARKS.md between two markers, so the notes
 * written by hand around it survive the next run).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const START = '<!-- bench:start (written by `npm run bench`; edit outside these markers) -->';
const END = '<!-- bench:end -->';

export function resultsTable(sections) {
  const lines = ['| scenario | command | median | peak RSS | figure | goal | met |', '|---|---|--:|--:|---|---|:-:|'];
  for (const { title, rows } of sections) {
    rows.forEach((row, i) => {
      const cells = [
        i === 0 ? title : '',
        row.label,
        row.ms === undefined ? '' : formatMs(row.ms),
        row.peakMb === undefined ? '' : `${row.peakMb.toFixed(1)} MB`,
        [row.figure, row.note].filter(Boolean).join('; '),
        row.goal ?? '',
        row.ok === undefined ? '' : row.ok ? 'yes' : '**no**',
      ];
      lines.push(`| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`);
    });
  }
  return lines.join('\n');
}

function formatMs(ms) {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

/** The generated part of BENCHMARKS.md: where and when it ran, how, and the table. */
export function generatedSection({ machine, method, table, commands }) {
  return [
    START,
    `Run: \`npm run bench\` on ${machine.date}: Node.js ${machine.node}, ${machine.cpu} (${machine.cores} cores), ${machine.os}.`,
    `Load average before / after: ${machine.loadBefore} / ${machine.loadAfter}.`,
    '',
    table,
    '',
    method,
    '',
    '<details><summary>The baseline commands, as run</summary>',
    '',
    ...commands.map((command) => `- ${command.label}: \`${command.script.replace(/-H 'x-api-key: [^']*'/g, "-H 'x-api-key: …'")}\``),
    '',
    '</details>',
    END,
  ].join('\n');
}

/** Replaces the generated part of the file, or creates the file with a heading around it. */
export function writeBenchmarksFile(file, section) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? current.slice(0, start) + section + current.slice(end + END.length)
      : `# Benchmarks\n\n${section}\n${current ? `\n${current}` : ''}`;
  writeFileSync(file, next);
}
