import { chmod, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExitCode, TixError, UsageError } from '../../src/shared/errors.js';
import { abortAllFileSinksSync, createRowWriter, fileSink, openFileSinkCount } from '../../src/output/index.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'tix-file-sink-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const temps = async () => (await readdir(folder)).filter((name) => name.includes('.tmp-'));

describe('fileSink', () => {
  it('writes to a hidden temporary file in the same folder and renames it over the target on commit', async () => {
    const target = join(folder, 'events.csv');
    const sink = await fileSink(target);
    await sink.write('a,b\r\n');
    await sink.write('1,2\r\n');
    expect(await temps()).toEqual([expect.stringMatching(/^\.events\.csv\.tmp-\d+-[0-9a-z]+$/)]);
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(sink.closed).toBe(false);
    await sink.commit();
    expect(sink.closed).toBe(true);
    expect(await readFile(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(await readdir(folder)).toEqual(['events.csv']);
    await sink.abort(); // the `finally` of a successful run: nothing to undo
    expect(await readFile(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
    await expect(sink.write('more')).rejects.toThrow(/already committed/);
  });

  it('replaces an existing file only on commit, keeping its permissions', async () => {
    const target = join(folder, 'report.csv');
    await writeFile(target, 'old');
    await chmod(target, 0o640);
    const sink = await fileSink(target);
    await sink.write('new');
    expect(await readFile(target, 'utf8')).toBe('old');
    await sink.commit();
    expect(await readFile(target, 'utf8')).toBe('new');
    expect((await stat(target)).mode & 0o777).toBe(0o640);
  });

  it('creates an empty file for an empty commit', async () => {
    const target = join(folder, 'empty.ndjson');
    await (await fileSink(target)).commit();
    expect(await readFile(target, 'utf8')).toBe('');
  });

  it('abort removes the temporary file and leaves an existing target untouched', async () => {
    const target = join(folder, 'keep.csv');
    await writeFile(target, 'precious');
    const sink = await fileSink(target);
    await sink.write('partial');
    await sink.abort();
    expect(sink.closed).toBe(true);
    expect(await readdir(folder)).toEqual(['keep.csv']);
    expect(await readFile(target, 'utf8')).toBe('precious');
    await expect(sink.commit()).rejects.toThrow(TixError);
  });

  it('abort leaves no file at all when there was none', async () => {
    const sink = await fileSink(join(folder, 'new.csv'));
    await sink.write('partial');
    await sink.abort();
    expect(await readdir(folder)).toEqual([]);
  });

  it('abortAllFileSinksSync removes every open temporary file at once, for a signal handler', async () => {
    const existing = join(folder, 'a.csv');
    await writeFile(existing, 'old a');
    const a = await fileSink(existing);
    const b = await fileSink(join(folder, 'b.csv'));
    const done = await fileSink(join(folder, 'c.csv'));
    await a.write('new a');
    await b.write('new b');
    await done.write('c');
    await done.commit();
    expect(await temps()).toHaveLength(2);
    expect(openFileSinkCount()).toBe(2);

    abortAllFileSinksSync();

    expect(openFileSinkCount()).toBe(0);
    expect((await readdir(folder)).sort()).toEqual(['a.csv', 'c.csv']);
    expect(await readFile(existing, 'utf8')).toBe('old a');
    expect(await readFile(join(folder, 'c.csv'), 'utf8')).toBe('c');
    expect(a.closed && b.closed).toBe(true);
    await expect(b.commit()).rejects.toThrow(TixError);
    await a.abort(); // closes the handle; still nothing left behind
    await b.abort();
    expect((await readdir(folder)).sort()).toEqual(['a.csv', 'c.csv']);
  });

  it('a commit that fails leaves no file and an existing target untouched', async () => {
    const target = join(folder, 'keep.csv');
    await writeFile(target, 'precious');
    const sink = await fileSink(target);
    await sink.write('new');
    await rm(join(folder, (await temps())[0]!)); // the rename will find nothing to move
    const failure = await sink.commit().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TixError);
    expect(failure).toMatchObject({ exitCode: ExitCode.ERROR, message: expect.stringContaining(`--out ${target}`) });
    expect(await readFile(target, 'utf8')).toBe('precious');
    expect(await temps()).toEqual([]);
  });

  it('writes through a symlink, so the link keeps pointing at the data', async () => {
    const real = join(folder, 'real.csv');
    const link = join(folder, 'link.csv');
    await writeFile(real, 'old');
    await symlink(real, link);
    const sink = await fileSink(link);
    await sink.write('new');
    await sink.commit();
    expect(await readFile(real, 'utf8')).toBe('new');
    expect((await readdir(folder)).sort()).toEqual(['link.csv', 'real.csv']);
  });

  it.each([
    ['a missing folder', (dir: string) => join(dir, 'nope', 'out.csv'), /--out .*nope.*out\.csv: folder .*nope does not exist/],
    ['a folder', (dir: string) => dir, /--out .*: is a folder/],
    ['a folder name', (dir: string) => `${dir}/`, /--out .*: is a folder name/],
    ['a file as the folder', (dir: string) => join(dir, 'file', 'out.csv'), /--out .*: .*file is not a folder/],
    ['nothing', () => '', /--out needs a file name/],
  ])('rejects %s as a usage error (exit 2) naming --out and the path', async (_, path, message) => {
    await writeFile(join(folder, 'file'), 'x');
    const error = await fileSink(path(folder)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(ExitCode.USAGE);
    expect((error as Error).message).toMatch(message);
    expect(await temps()).toEqual([]);
  });

  it('streams a large csv export through a row writer', async () => {
    const target = join(folder, 'big.csv');
    const sink = await fileSink(target);
    const writer = createRowWriter('csv', sink, { documented: ['id'], header: true });
    for (let page = 0; page < 20; page++) {
      await writer.write(Array.from({ length: 500 }, (_, i) => ({ id: page * 500 + i, name: `event, "${i}"` })));
    }
    await writer.end();
    await sink.commit();
    const lines = (await readFile(target, 'utf8')).split('\r\n');
    expect(lines).toHaveLength(10_002);
    expect(lines[0]).toBe('id,name');
    expect(lines[10_000]).toBe('9999,"event, ""499"""');
  });
});
