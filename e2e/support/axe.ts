/**
 * Checks of the page as it stands: axe's serious and critical WCAG 2.1 A/AA violations, each with the elements it
 * found, and the ids that more than one element carries (a label or a description would point at the wrong one).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Every rule of the tags, or only the rules named. */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 160)).join(' | ')}`);
}

export function idsUsedTwice(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll('[id]')) counts.set(element.id, (counts.get(element.id) ?? 0) + 1);
    return [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  });
}
