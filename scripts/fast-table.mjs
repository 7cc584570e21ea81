// The fast path's table of the command tree (src/cli/kit/fast-argv.ts: CommandSpec), read from the Commander
// definitions the full path builds (buildProgram()), so the two can only disagree where a test would see it.
// Anything Commander does that the small reader does not follow is marked for Commander: a flag as kind
// 'commander', a command as commanderOnly; runs that use them take the full path.

/** The table of `command` and everything below it. */
export function fastTable(command) {
  const versionFlag = command._versionOptionName;
  return {
    name: command.name(),
    flags: command.options.map((option) => flagSpec(option, option.attributeName() === versionFlag)),
    defaults: { ...command.opts() },
    arguments: command.registeredArguments.map((argument) => ({
      required: argument.required,
      variadic: argument.variadic,
      ...(argument.defaultValue !== undefined ? { defaultValue: argument.defaultValue } : {}),
    })),
    commands: command.commands.map(fastTable),
    commanderOnly: commanderOnly(command),
  };
}

function flagSpec(option, isVersion) {
  // A repeatable option (command-kit.ts, collectValues): its values in a list, as Commander gathers them.
  const repeatable = option.required && option.parseArg?.repeatable === true;
  const plain =
    !isVersion &&
    !option.optional &&
    !option.variadic &&
    !option.mandatory &&
    option.presetArg === undefined &&
    option.envVar === undefined &&
    (option.parseArg === undefined || repeatable) &&
    option.argChoices === undefined &&
    option.conflictsWith.length === 0 &&
    option.implied === undefined;
  const kind = !plain ? 'commander' : repeatable ? 'list' : option.required ? 'value' : option.negate ? 'negate' : 'switch';
  return {
    ...(option.long !== undefined ? { long: option.long } : {}),
    ...(option.short !== undefined ? { short: option.short } : {}),
    key: option.attributeName(),
    kind,
  };
}

/** Commander behaviour beyond flags and arguments: hooks, aliases, unknown options or excess arguments allowed, ... */
function commanderOnly(command) {
  return (
    command.aliases().length > 0 ||
    Object.values(command._lifeCycleHooks).some((hooks) => hooks.length > 0) ||
    command._allowUnknownOption ||
    command._allowExcessArguments ||
    command._passThroughOptions ||
    command._enablePositionalOptions ||
    command._defaultCommandName != null ||
    !command._combineFlagAndOptionalValue ||
    command._storeOptionsAsProperties ||
    command.registeredArguments.some((argument) => argument.parseArg !== undefined || argument.argChoices !== undefined)
  );
}
