import { describe, expect, it } from 'vitest';
import { acceptedWrittenAt, sentWhenBackOnline } from './written-at';

const received = new Date('2026-05-10T12:00:00.000Z');
const minutes = (count: number) => new Date(received.getTime() + count * 60_000).toISOString();

describe('acceptedWrittenAt', () => {
  it("keeps the device's time of writing from earlier the same month", () => {
    expect(acceptedWrittenAt(minutes(-90), received).toISOString()).toBe(minutes(-90));
    expect(acceptedWrittenAt(minutes(-29 * 24 * 60), received).toISOString()).toBe(minutes(-29 * 24 * 60));
  });

  it('takes a device clock a little ahead as the time of receipt', () => {
    expect(acceptedWrittenAt(minutes(1), received)).toEqual(received);
  });

  it('takes the time of receipt for a time far in the future, older than 30 days, unreadable or missing', () => {
    for (const claimed of [minutes(3), minutes(-31 * 24 * 60), 'yesterday', '', undefined]) {
      expect(acceptedWrittenAt(claimed, received)).toEqual(received);
    }
  });
});

describe('sentWhenBackOnline', () => {
  it('is said of what arrived more than 2 minutes after it was written', () => {
    expect(sentWhenBackOnline(minutes(-3), received.toISOString())).toBe(true);
    expect(sentWhenBackOnline(minutes(-2), received.toISOString())).toBe(false);
    expect(sentWhenBackOnline(received.toISOString(), received.toISOString())).toBe(false);
  });
});
