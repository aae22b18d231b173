// The messaging app's text formatting: *bold*, _italic_, ~strike~, ```monospace``` and `inline code`, and line
// breaks. Markers must hug their text (`* not bold*` stays as written), as the app does.
import type { ComponentChildren } from 'preact';

const TOKEN = /```([\s\S]+?)```|`([^`\n]+)`|\*(\S(?:[^*\n]*\S)?)\*|_(\S(?:[^_\n]*\S)?)_|~(\S(?:[^~\n]*\S)?)~/g;

function lines(text: string): ComponentChildren[] {
  return text.split('\n').flatMap((line, i) => (i === 0 ? [line] : [<br />, line]));
}

function styled(match: RegExpExecArray): ComponentChildren {
  const [, block, code, bold, italic, strike] = match;
  if (block !== undefined)
    return (
      <pre>
        <code>{block}</code>
      </pre>
    );
  if (code !== undefined) return <code>{code}</code>;
  if (bold !== undefined) return <strong>{bold}</strong>;
  if (italic !== undefined) return <em>{italic}</em>;
  return <s>{strike ?? ''}</s>;
}

/** A text as the app shows it. */
export function formatText(text: string): ComponentChildren[] {
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    parts.push(...lines(text.slice(last, match.index)));
    parts.push(styled(match));
    last = match.index + match[0].length;
  }
  parts.push(...lines(text.slice(last)));
  return parts.filter((part) => part !== '');
}
