import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScrollRegion } from './scroll-region';

describe('ScrollRegion', () => {
  it('is a named region the keyboard reaches, so its content can be scrolled without a pointer', () => {
    const html = renderToStaticMarkup(
      <ScrollRegion label="Rows read from the file" className="max-h-72">
        <p>Row 2</p>
      </ScrollRegion>,
    );
    expect(html).toMatch(/^<div role="region" aria-label="Rows read from the file" tabindex="0" class="overflow-auto [^"]*max-h-72"><p>Row 2<\/p><\/div>$/);
  });
});
