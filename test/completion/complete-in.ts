import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, tempDir } from '../helpers/tix-env.js';

/**
 * Asks a real shell what Tab offers after a command line, with the committed completion script loaded the
 * way a user loads it. Each call gets its own home and working folder.
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type ShellName = (typeof SHELLS)[number];

const HARNESS = join(REPO_ROOT, 'test', 'completion', 'harness');
export const scriptFor = (shell: ShellName) => join(REPO_ROOT, 'completions', `tix.${shell}`);

/** Where the shell is installed, or undefined: its tests are skipped with that reason, not failed. */
export function shellBinary(shell: ShellName): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${shell}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/** A stored config with two profiles, written the way conf writes it (and a value that looks like JSON). */
export const STORED_PROFILES = ['prod', 'staging'];
const CONFIG_JSON = JSON.stringify(
  {
    profiles: { prod: { 'api-key': 'k"{}:[', 'base-url': 'https://api.example.com' }, staging: { output: 'csv' } },
    other: { notAProfile: {} },
  },
  null,
  '\t',
);

export interface World {
  /** Put a config with STORED_PROFILES in TIX_CONFIG_DIR, or in $XDG_CONFIG_HOME/tix. */
  config?: 'TIX_CONFIG_DIR' | 'XDG_CONFIG_HOME';
  /** Files in the working folder. */
  files?: string[];
}

function makeWorld(world: World): { cwd: string; env: Record<string, string> } {
  const home = tempDir('tix-completion-');
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TERM: 'dumb', LANG: 'C.UTF-8' };
  if (world.config === 'TIX_CONFIG_DIR') {
    env.TIX_CONFIG_DIR = join(home, 'tix-config');
    mkdirSync(env.TIX_CONFIG_DIR);
    writeFileSync(join(env.TIX_CONFIG_DIR, 'config.json'), CONFIG_JSON);
  } else if (world.config === 'XDG_CONFIG_HOME') {
    env.XDG_CONFIG_HOME = join(home, 'xdg');
    mkdirSync(join(env.XDG_CONFIG_HOME, 'tix'), { recursive: true });
    writeFileSync(join(env.XDG_CONFIG_HOME, 'tix', 'config.json'), CONFIG_JSON);
  }
  for (const file of world.files ?? []) writeFileSync(join(home, file), '');
  return { cwd: home, env };
}

/** Splits a line the way readline does for bash: at spaces, and '=' is a word of its own. */
export function readlineWords(line: string): string[] {
  return line.split(' ').flatMap((word) => word.split(/(=)/).filter((part, i, parts) => part !== '' || i === parts.length - 1));
}

let dumped: Promise<string> | undefined;
/**
 * zsh's compinit scans every function on $fpath unless it finds a dump of them (~/.zcompdump, which every
 * user has after their first shell): half a second a shell. So one dump per test process, written by a first
 * shell (completing `tix `, the committed script on $fpath) before any other starts, and read by each.
 */
function zshDump(): Promise<string> {
  dumped ??= new Promise<string>((resolve, reject) => {
    const file = join(tempDir('tix-zcompdump-'), 'zcompdump');
    const { cwd, env } = makeWorld({});
    execFile(
      'zsh',
      ['-f', join(HARNESS, 'zsh-complete.zsh'), scriptFor('zsh'), 'fpath', 'tix ', file],
      { cwd, env, timeout: 20_000 },
      (error, _out, err) => {
        rmSync(cwd, { recursive: true, force: true });
        // Without it, each shell would write one of its own over another's reading it.
        if (error || !existsSync(file)) reject(new Error(`zsh did not write its completion dump (${error?.message ?? file}): ${err}`));
        else resolve(file);
      },
    );
  });
  return dumped;
}

/** The candidates `shell` offers when Tab is pressed at the end of `line`, sorted. */
export async function completeIn(
  shell: ShellName,
  line: string,
  world: World = {},
  zshLoad: 'fpath' | 'source' = 'fpath',
): Promise<string[]> {
  const { cwd, env } = makeWorld(world);
  const dump = shell === 'zsh' ? await zshDump() : undefined;
  const [file, args] = {
    bash: () =>
      ['bash', ['--norc', '--noprofile', join(HARNESS, 'bash-complete.bash'), scriptFor('bash'), ...readlineWords(line)]] as const,
    zsh: () => ['zsh', ['-f', join(HARNESS, 'zsh-complete.zsh'), scriptFor('zsh'), zshLoad, line, dump!]] as const,
    // fish prints "candidate<TAB>description".
    fish: () => ['fish', ['--no-config', '-c', 'source $argv[1]; and complete -C $argv[2]', scriptFor('fish'), line]] as const,
  }[shell]();
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(file, [...args], { cwd, env, timeout: 20_000, encoding: 'utf8' }, (error, out, err) => {
      if (error) reject(new Error(`${shell} failed (${error.message}): ${err}`));
      else resolve(out);
    });
  }).finally(() => rmSync(cwd, { recursive: true, force: true }));
  const candidates = stdout
    .split('\n')
    .map((l) => l.split('\t')[0]!.trim())
    .filter((l) => l !== '');
  return [...new Set(candidates)].sort();
}
