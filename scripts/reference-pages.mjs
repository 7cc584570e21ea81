// The command reference's pages, as text, from the command tree: Markdown for docs/commands and roff (man(7)
// macros) for man/man1. Pure: reference.mjs writes them; test/help/reference.test.ts compares them with the
// committed files.

/**
 * `tree` holds program.ts's buildProgram, EXIT_CODE_MEANINGS, ENVIRONMENT, ABOUT and FILES, command-kit's
 * examplesOf and seeAlsoOf, and exit-codes.ts's exitStatusesOf; `version` is package.json's. Returns path (from the
 * repository root) -> text.
 */
export function referencePages(tree, version) {
  const program = tree.buildProgram();
  const commands = allCommands(program);
  const pages = new Map();
  for (const entry of commands) {
    const page = describe(entry, tree);
    pages.set(`docs/commands/${entry.slug}.md`, markdownPage(page));
    pages.set(`man/man1/${entry.slug}.1`, manPage(page, version));
  }
  pages.set('docs/commands/README.md', markdownIndex(commands, program));
  return pages;
}

/** Every command, tix first: its words below tix, and the page's name (`tix-events-search`). */
export function allCommands(program) {
  const entries = [];
  const visit = (command, words) => {
    entries.push({ command, words, slug: ['tix', ...words].join('-') });
    for (const sub of command.commands) visit(sub, [...words, sub.name()]);
  };
  visit(program, []);
  return entries;
}

/** What a page says, read with Commander's own help formatter, so it says what --help says. */
function describe({ command, words, slug }, tree) {
  const help = command.createHelp();
  const option = (o) => ({ term: help.optionTerm(o), description: help.optionDescription(o) });
  const isRoot = words.length === 0;
  return {
    slug,
    name: ['tix', ...words].join(' '),
    summary: command.summary() || firstSentence(command.description()),
    usage: help.commandUsage(command),
    description: help.commandDescription(command),
    arguments: help.visibleArguments(command).map((a) => ({ term: help.argumentTerm(a), description: help.argumentDescription(a) })),
    options: help.visibleOptions(command).map(option),
    globalOptions: isRoot ? [] : help.visibleGlobalOptions(command).map(option),
    subcommands: command.commands.map((sub) => ({
      term: help.subcommandTerm(sub),
      description: help.subcommandDescription(sub),
      slug: `${slug}-${sub.name()}`,
    })),
    examples: tree.examplesOf(command),
    environment: isRoot ? tree.ENVIRONMENT : undefined,
    about: isRoot ? tree.ABOUT : undefined,
    files: isRoot ? tree.FILES : undefined,
    // tix's own page lists every code, as docs/exit-codes.md does; a command's, those it declares (kit/exit-codes.ts).
    exitStatuses: isRoot ? tree.EXIT_CODE_MEANINGS : tree.exitStatusesOf(command).map(([code, when]) => [`${code}`, when]),
    ...related({ command, words }, tree),
  };
}

/**
 * A page's "See also": the guides (declared with seeAlso on the command or its top-level ancestor), and the
 * related commands as page names: its parent, its siblings, the ones declared, then tix(1).
 */
function related({ command, words }, tree) {
  if (words.length === 0) return { guides: ['README.md'], seeAlso: [] };
  const top = words.length > 1 ? command.parent : command;
  const declared = tree.seeAlsoOf(command) ?? tree.seeAlsoOf(top) ?? { guides: [], related: [] };
  const paths = [];
  if (words.length > 1) paths.push(words.slice(0, -1));
  if (command.parent?.parent)
    for (const sibling of command.parent.commands) if (sibling !== command) paths.push([...words.slice(0, -1), sibling.name()]);
  for (const path of declared.related ?? []) paths.push(path.split(' '));
  paths.push([]);
  const pages = new Map(paths.map((path) => [['tix', ...path].join('-'), ['tix', ...path].join(' ')]));
  return { guides: declared.guides, seeAlso: [...pages].map(([slug, name]) => ({ slug, name })) };
}

function firstSentence(text) {
  return text.split('\n')[0].replace(/\.$/, '');
}

// ---- Markdown -------------------------------------------------------------------------------------------

/** Text that Markdown must not read as markup. */
function md(text) {
  return text.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

function markdownPage(page) {
  const out = [`# ${page.name}`, '', md(page.summary), '', '## Synopsis', '', '```', page.usage, '```', ''];
  out.push('## Description', '', ...(page.about ?? page.description.split('\n')).flatMap((line) => [md(line), '']));
  const list = (title, items) => {
    if (items.length === 0) return;
    out.push(`## ${title}`, '', ...items.map(({ term, description }) => `- \`${term}\`: ${md(description)}`), '');
  };
  list('Arguments', page.arguments);
  if (page.subcommands.length > 0) {
    out.push(
      '## Commands',
      '',
      ...page.subcommands.map(({ term, description, slug }) => `- [\`${term}\`](${slug}.md): ${md(description)}`),
      '',
    );
  }
  list('Options', page.options);
  list('Global options', page.globalOptions);
  if (page.examples.length > 0) {
    out.push('## Examples', '');
    for (const { description, command } of page.examples) out.push(`${md(description)}:`, '', '```sh', command, '```', '');
  }
  if (page.environment) out.push('## Environment', '', '```', ...page.environment.split('\n').slice(1), '```', '');
  if (page.files) out.push('## Files', '', ...page.files.map(([path, what]) => `- \`${path}\`: ${md(what)}`), '');
  out.push('## Exit codes', '', ...page.exitStatuses.map(([code, meaning]) => `- \`${code}\`: ${md(meaning)}`), '');
  out.push('All the codes, and what a script should do about each: [Exit codes](../exit-codes.md).', '');
  const guides = page.guides.map((guide) => `[${guide}](../${guide === 'README.md' ? '../README.md' : guide})`);
  const commands = page.seeAlso.map(({ slug, name }) => `[${name}](${slug}.md)`);
  out.push('## See also', '');
  out.push(
    `${[...commands, '[all commands](README.md)'].join(', ')}; the ${page.guides.length > 1 ? 'guides' : 'guide'} ${guides.join(' and ')}; the man page: \`man ${page.slug}\`.`,
    '',
  );
  return out.join('\n');
}

function markdownIndex(commands, program) {
  const out = [
    '# tix command reference',
    '',
    `Generated from tix's command tree by \`npm run reference\`, as are the man pages in [man/man1](../../man/man1)`,
    '(`man -l man/man1/tix-events-search.1`): every page says what `tix <command> --help` says, with the exit codes.',
    'Edit the command definitions in src/cli/commands, not these pages.',
    '',
    `- [\`tix\`](tix.md): ${md(program.description())}`,
  ];
  for (const { command, words, slug } of commands.slice(1)) {
    const indent = '  '.repeat(words.length);
    out.push(`${indent}- [\`tix ${words.join(' ')}\`](${slug}.md): ${md(command.summary() || firstSentence(command.description()))}`);
  }
  return `${out.join('\n')}\n`;
}

// ---- roff (man(7)) ----------------------------------------------------------------------------------------

/** Text for a roff text line: backslashes escaped, hyphens as the minus a reader types, no line read as a request. */
function roff(text) {
  const escaped = text.replace(/\\/g, '\\e').replace(/-/g, '\\-');
  return /^[.']/.test(escaped) ? `\\&${escaped}` : escaped;
}

function manPage(page, version) {
  const name = page.name.replace(/ /g, '-');
  const out = [
    `.\\" Generated from tix's command tree by npm run reference (scripts/reference.mjs): do not edit.`,
    `.TH ${name.toUpperCase()} 1 "" "tix ${version}" "tix manual"`,
    '.SH NAME',
    `${roff(name)} \\- ${roff(page.summary)}`,
    '.SH SYNOPSIS',
    '.nf',
    roff(page.usage),
    '.fi',
    '.SH DESCRIPTION',
  ];
  (page.about ?? page.description.split('\n')).forEach((line, i) => {
    if (i > 0) out.push('.PP');
    out.push(roff(line));
  });
  const tagged = (title, items) => {
    if (items.length === 0) return;
    out.push(`.SH ${title}`);
    for (const { term, description } of items) out.push('.TP', `.B ${roff(term)}`, roff(description));
  };
  tagged('ARGUMENTS', page.arguments);
  tagged(
    'COMMANDS',
    page.subcommands.map(({ term, description, slug }) => ({ term, description: `${description} (see ${slug}(1))` })),
  );
  tagged('OPTIONS', page.options);
  tagged('GLOBAL OPTIONS', page.globalOptions);
  if (page.examples.length > 0) {
    out.push('.SH EXAMPLES');
    for (const { description, command } of page.examples)
      out.push('.PP', `${roff(description)}:`, '.PP', '.RS 4', '.nf', roff(command), '.fi', '.RE');
  }
  if (page.environment) {
    out.push('.SH ENVIRONMENT', '.nf', ...page.environment.split('\n').slice(1).map(roff), '.fi');
  }
  if (page.files) {
    out.push('.SH FILES');
    for (const [path, what] of page.files) out.push('.TP', `.I ${roff(path)}`, roff(what));
  }
  out.push('.SH EXIT STATUS');
  for (const [code, meaning] of page.exitStatuses) out.push('.TP', `.B ${code}`, roff(meaning));
  out.push('.PP', roff('All the codes, and what a script should do about each: the guide exit-codes.md.'));
  out.push('.SH SEE ALSO');
  const seeAlso =
    page.slug === 'tix'
      ? page.subcommands.map(({ slug }) => slug)
      : [...page.subcommands.map(({ slug }) => slug), ...page.seeAlso.map(({ slug }) => slug)];
  out.push(seeAlso.map((slug, i) => `.BR ${roff(slug)} (1)${i < seeAlso.length - 1 ? ',' : ''}`).join('\n'));
  const guides =
    page.slug === 'tix'
      ? ['README.md', 'querying.md', 'output.md', 'history.md', 'alerts.md', 'settings.md', 'exit-codes.md']
      : page.guides;
  out.push(
    '.PP',
    roff(
      `The ${guides.length > 1 ? 'guides' : 'guide'} ${guides.join(', ')}${page.slug === 'tix' ? '' : ' (tix(1), FILES, says where the guides are)'}.`,
    ),
  );
  return `${out.join('\n')}\n`;
}
