/** How a piece of text is drawn across lines, to check where it wraps. */
import type { Locator } from '@playwright/test';

/** The text of an element as drawn, one string per line box. */
export function drawnLines(locator: Locator): Promise<string[]> {
  return locator.evaluate((element) => {
    const lines: string[] = [];
    let lineTop: number | null = null;
    const range = document.createRange();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index += 1) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (lineTop === null || Math.abs(box.top - lineTop) > box.height / 2) {
          lines.push('');
          lineTop = box.top;
        }
        lines[lines.length - 1] = `${lines[lines.length - 1]}${text[index]}`;
      }
    }
    return lines;
  });
}

/**
 * The places where drawn lines break inside a word, as `before|after`: an email address or a licence number may wrap
 * before an `@` or a `.`, after a `-`, `_`, `/` or `+`, or at a space, and nowhere else.
 */
export function midWordBreaks(lines: string[]): string[] {
  const breaks: string[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const before = lines[index - 1]!;
    const after = lines[index]!;
    const atPunctuation = /[-_/+\s]$/.test(before) || /^[@.\s]/.test(after);
    if (!atPunctuation) breaks.push(`${before}|${after}`);
  }
  return breaks;
}
