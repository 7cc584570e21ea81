import { Argument } from 'commander';
import { SETTING_KEYS } from '../../../config/keys.js';

/** The <key> of get, set and unset: Commander refuses a name that is not a setting, and completion offers them. */
export const keyArgument = () => new Argument('<key>', 'setting name').choices(SETTING_KEYS);
