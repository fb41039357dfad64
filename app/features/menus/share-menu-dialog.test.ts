import { describe, expect, it } from 'vitest';
import { qrFileBase } from './share-menu-dialog';

describe('qrFileBase', () => {
  it('names the QR file after the menu, safely', () => {
    expect(qrFileBase('Fall Wholesale Menu')).toBe('fall-wholesale-menu-qr');
    expect(qrFileBase('  Crème & Kush #2! ')).toBe('creme-kush-2-qr');
    expect(qrFileBase('***')).toBe('menu-qr');
  });
});
