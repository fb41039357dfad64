export type NavItem = { to: string; label: string };

/** The space between two items of the menu, as its row's `gap-1` draws it. */
const GAP_PX = 4;

/** How many of the items, in order, fit in `available` px, leaving room for the 'More' button when not all do. */
export function itemsThatFit(itemWidths: number[], moreWidth: number, available: number): number {
  const all = itemWidths.reduce((sum, width) => sum + width, 0) + GAP_PX * Math.max(0, itemWidths.length - 1);
  if (all <= available) return itemWidths.length;
  let used = moreWidth;
  let count = 0;
  while (count < itemWidths.length && used + GAP_PX + itemWidths[count]! <= available) {
    used += GAP_PX + itemWidths[count]!;
    count += 1;
  }
  return count;
}
