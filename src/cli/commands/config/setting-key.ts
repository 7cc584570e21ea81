import { isSettingKey, SETTING_KEYS, type SettingKey } from '../../../config/keys.js';
import { UsageError } from '../../../shared/errors.js';

export function settingKey(key: string): SettingKey {
  // Commander's choices() has checked already; this narrows the type for callers that skip Commander.
  if (!isSettingKey(key)) throw new UsageError(`<key> must be one of ${SETTING_KEYS.join(', ')}, not '${key}'`);
  return key;
}
