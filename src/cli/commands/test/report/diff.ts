// The diff of a failed expectation: the expected lines against the lines of what the bot sent, with jsdiff's
// longest-common-subsequence of lines (what both share is shown once, unmarked).
import { diffArrays } from 'diff';

/** `- expected`, `+ sent`, and `  both` lines. */
export function diffLines(expected: readonly string[], actual: readonly string[]): string[] {
  return diffArrays([...expected], [...actual]).flatMap((part) => {
    const mark = part.added ? '+' : part.removed ? '-' : ' ';
    return part.value.map((line) => `${mark} ${line}`);
  });
}
