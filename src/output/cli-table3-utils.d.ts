// cli-table3 measures and pads cells with this function (string-width underneath). The table layout
// measures with the very same one, so tix's widths and cli-table3's padding can never disagree.
declare module 'cli-table3/src/utils.js' {
  const utils: { strlen(text: string): number };
  export default utils;
}
