import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MENU_LAYOUT_KEY } from '../../widgets/menu-view/menu-layout';
import { EMBEDDED_MENU_ELEMENT_ID } from './embedded-menu';
import { TOOK_OVER_EVENT } from '../../lib/page-take-over';
import { TOKEN_KEY } from '../../lib/session-storage-keys';

describe("the shared menu's loader", () => {
  // A plain file served as it is, beside the app: nothing but this test keeps its names the app's.
  const loader = readFileSync('app/public/take-over-when-needed.js', 'utf8');

  it('waits for the event the app sends once it has taken the page over', () => {
    expect(loader).toContain(`'${TOOK_OVER_EVENT}'`);
  });

  it("reads the session's key, the device's layout and the menu the page came with where the app keeps them", () => {
    expect(loader).toContain(`'${TOKEN_KEY}'`);
    expect(loader).toContain(`'${MENU_LAYOUT_KEY}'`);
    expect(loader).toContain(`'${EMBEDDED_MENU_ELEMENT_ID}'`);
  });
});
