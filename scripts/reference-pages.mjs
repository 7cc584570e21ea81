// The command reference's pages, as text, from the command tree: Markdown for docs/commands and roff (man(7)
// macros) for man/man1. Pure: reference.mjs writes them; test/help/reference.test.ts compares them with the
// committed files.

/**
 * `tree` holds program.ts's buildProgram, EXIT_CODE_MEANINGS and ENVIRONMENT and command-kit's examplesOf;
 * `version` is package.json's. Returns path (from the repository root) -> text.
 */
export function referencePages(tree, version) {
  const program = tree.buildProgram();
  const commands = allCommands(program);
  const pages = new Map();
  for (const entry of commands) {
    const page = describe(entry, tree);
    pages.set(`docs/commands/${entry.slug}.md`, markdownPage(page, tree));
    pages.set(`man/man1/${entry.slug}.1`, manPage(page, tree, version));
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
  };
}

function firstSentence(text) {
  return text.split('\n')[0].replace(/\.$/, '');
}

// ---- Markdown -------------------------------------------------------------------------------------------

/** Text that Markdown must not read as markup. */
function md(text) {
  return text.replace(/[\\`*_[\]<>|#]/g, (c) => `\\${c}`);
}

function markdownPage(page, tree) {
  const out = [`# ${page.name}`, '', md(page.summary), '', '## Synopsis', '', '```', page.usage, '```', ''];
  out.push('## Description', '', ...page.description.split('\n').flatMap((line) => [md(line), '']));
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
  out.push('## Exit codes', '', ...tree.EXIT_CODE_MEANINGS.map(([code, meaning]) => `- \`${code}\`: ${md(meaning)}`), '');
  out.push('## See also', '', `[All commands](README.md); the man page: \`man ${page.slug}\`.`, '');
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

function manPage(page, tree, version) {
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
  page.description.split('\n').forEach((line, i) => {
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
  out.push('.SH EXIT STATUS');
  for (const [code, meaning] of tree.EXIT_CODE_MEANINGS) out.push('.TP', `.B ${code}`, roff(meaning));
  out.push('.SH SEE ALSO');
  const seeAlso = page.slug === 'tix' ? page.subcommands.map(({ slug }) => slug) : ['tix', ...page.subcommands.map(({ slug }) => slug)];
  out.push(seeAlso.map((slug, i) => `.BR ${roff(slug)} (1)${i < seeAlso.length - 1 ? ',' : ''}`).join('\n'));
  return `${out.join('\n')}\n`;
}
