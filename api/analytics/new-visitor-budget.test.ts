import { describe, expect, it } from 'vitest';
import { hasRoomForNewVisitor, NEW_VISITOR_WINDOW_MS, NEW_VISITORS_PER_ADDRESS } from './new-visitor-budget';

const AT = Date.parse('2031-05-10T12:00:00.000Z');
const times = (count: number, at: number) => Array.from({ length: count }, () => at);

describe('hasRoomForNewVisitor', () => {
  it('has room until the address brought its budget of new visitors within the window', () => {
    expect(hasRoomForNewVisitor([], AT)).toBe(true);
    expect(hasRoomForNewVisitor(times(NEW_VISITORS_PER_ADDRESS - 1, AT - 1000), AT)).toBe(true);
    expect(hasRoomForNewVisitor(times(NEW_VISITORS_PER_ADDRESS, AT - 1000), AT)).toBe(false);
  });

  it('has room again once the earlier new visitors are a window old', () => {
    expect(hasRoomForNewVisitor(times(NEW_VISITORS_PER_ADDRESS, AT - NEW_VISITOR_WINDOW_MS + 1), AT)).toBe(false);
    expect(hasRoomForNewVisitor(times(NEW_VISITORS_PER_ADDRESS, AT - NEW_VISITOR_WINDOW_MS), AT)).toBe(true);
  });
});
