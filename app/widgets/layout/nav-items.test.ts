import { describe, expect, it } from 'vitest';
import { itemsThatFit } from './nav-items';

describe("the top bar's menu", () => {
  it('shows every item when they all fit, the gaps between them counted', () => {
    expect(itemsThatFit([100, 100, 100], 60, 308)).toBe(3);
    expect(itemsThatFit([100, 100, 100], 60, 307)).toBe(2);
  });

  it("keeps room for 'More' once not all fit, taking items in order", () => {
    // 60 for More, then 4 + 100 for each item shown: two fit in 270, not three.
    expect(itemsThatFit([100, 100, 100, 100], 60, 270)).toBe(2);
    expect(itemsThatFit([100, 100, 100, 100], 60, 267)).toBe(1);
  });

  it("folds every item under 'More' on a row with room for none", () => {
    expect(itemsThatFit([100, 100], 60, 120)).toBe(0);
  });
});
