import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BreakableText, breakablePieces } from './breakable-text';

describe('text that wraps only at its punctuation', () => {
  it('splits an email address before its @ and its dots', () => {
    expect(breakablePieces('orders.desk@great-lakes.example')).toEqual(['orders', '.desk', '@great-', 'lakes', '.example']);
  });

  it('splits a licence number after its hyphens, never inside its digits', () => {
    expect(breakablePieces('AU-G-C-000123')).toEqual(['AU-', 'G-', 'C-', '000123']);
    expect(breakablePieces('C11-0000123-LIC')).toEqual(['C11-', '0000123-', 'LIC']);
  });

  it('leaves text with no punctuation whole', () => {
    expect(breakablePieces('ABC123456789')).toEqual(['ABC123456789']);
  });

  it('draws a word-break opportunity between the pieces and nothing else', () => {
    expect(renderToStaticMarkup(<BreakableText text="buyer@demo.test" />)).toBe('buyer<wbr/>@demo<wbr/>.test');
  });
});
