import { configFilePath } from '../../../config/store.js';
import type { Runtime } from '../../kit/runtime.js';

export async function runConfigPath(rt: Runtime): Promise<void> {
  rt.io.stdout.write(`${configFilePath(rt.io.env)}\n`);
}
