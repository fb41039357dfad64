import { describe, expect, it } from 'vitest';
import { unsyncedWarning } from './sign-out';

describe('unsyncedWarning', () => {
  it('names the changes still to send and the refused orders kept on the device', () => {
    expect(unsyncedWarning(2)).toBe('2 changes have not reached the server yet. They stay on this device and are sent when you sign in here again.');
    expect(unsyncedWarning(0, 1)).toBe('1 refused order stays on this device under Needs attention for when you sign in here again.');
    expect(unsyncedWarning(1, 2)).toBe(
      '1 change has not reached the server yet. They stay on this device and are sent when you sign in here again. 2 refused orders stay on this device under Needs attention for when you sign in here again.',
    );
  });

  it('names the refused new products kept on the device beside the orders', () => {
    expect(unsyncedWarning(0, 0, 1)).toBe('1 refused new product stays on this device under Needs attention for when you sign in here again.');
    expect(unsyncedWarning(0, 1, 2)).toBe('1 refused order and 2 refused new products stay on this device under Needs attention for when you sign in here again.');
  });
});
