import { displaySetting, SETTINGS, SETTING_KEYS } from '../../../config/keys.js';
import { parseOutputOptions, type RawOutputFlags } from '../../kit/output-options.js';
import { jsonListFor, rowWriterFor, withSink } from '../../kit/present.js';
import type { Runtime } from '../../kit/runtime.js';
import { isDocument } from '../../../output/formats.js';

export async function runConfigList(flags: RawOutputFlags, rt: Runtime): Promise<void> {
  const output = parseOutputOptions(flags, rt);
  rt.requireConfigFile();
  const rows = SETTING_KEYS.map((key) => ({
    key,
    value: rt.settings.values[key] === undefined ? null : displaySetting(key, rt.settings.values[key] as never),
    source: rt.settings.sources[key] === 'env' ? SETTINGS[key].env : rt.settings.sources[key],
    description: SETTINGS[key].description,
  }));
  await withSink(rt, output, async (sink) => {
    if (isDocument(output.format)) {
      const writer = jsonListFor(rt, output, sink, 'settings');
      await writer.write(rows);
      await writer.end();
      return;
    }
    const writer = rowWriterFor(rt, output, sink, {
      documented: ['key', 'value', 'source', 'description'],
      tableDefaults: ['key', 'value', 'source'],
      fit: { identifiers: ['key'], dropOrder: ['source'] },
    });
    await writer.write(rows);
    await writer.end();
  });
}
