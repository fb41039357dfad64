/**
 * An email address, a licence number or a link: on a narrow column it wraps only at its punctuation (before `@` and
 * `.`, after `-`, `_`, `/` and `+`), never inside a run of letters or digits as `break-all` would.
 */
import { Fragment } from 'react';

const BREAK_POINTS = /(?=[@.])|(?<=[-_/+])/;

/** The pieces of `text` between the places it may wrap; joined, they give `text` back. */
export function breakablePieces(text: string): string[] {
  return text.split(BREAK_POINTS).filter((piece) => piece !== '');
}

export function BreakableText({ text }: { text: string }) {
  return (
    <>
      {breakablePieces(text).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
