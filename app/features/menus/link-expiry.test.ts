import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './link-expiry';

describe('link expiry in the form', () => {
  it('shows no expiry as an empty field and an empty field as no expiry', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });

  it('goes from the field to the moment and back unchanged, in the device time zone', () => {
    const iso = fromLocalInput('2026-12-04T18:30');
    expect(iso).toBe(new Date(2026, 11, 4, 18, 30).toISOString());
    expect(toLocalInput(iso)).toBe('2026-12-04T18:30');
  });

  it('passes on what it cannot read, so the form says what is wrong', () => {
    expect(fromLocalInput('soon')).toBe('soon');
  });
});
