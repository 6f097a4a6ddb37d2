import { describe, expect, it } from 'vitest';
import { isTaxpayerNumber, normaliseTaxNo, ZInvoiceTitleBody } from './title.ts';

describe('isTaxpayerNumber', () => {
  it('takes unified social credit codes whose check character is right', () => {
    for (const code of ['91310115MA1K3D7P2X', '91110000100000000R'])
      expect(isTaxpayerNumber(code)).toBe(true);
  });

  it('refuses a wrong check character, a wrong length and the letters I, O, Z, S, V', () => {
    for (const code of [
      '91310115MA1K3D7P2Y',
      '91310115MA1K3D7P2',
      '91310115MA1K3D7P2XX',
      '91310115MA1I3D7P2X',
    ])
      expect(isTaxpayerNumber(code), code).toBe(false);
    expect(isTaxpayerNumber('')).toBe(false);
  });

  it('reads full-width, spaced and lower-case input as typed', () => {
    expect(normaliseTaxNo(' ９１３１０１１５ma1k3d7p2x ')).toBe('91310115MA1K3D7P2X');
    expect(ZInvoiceTitleBody.parse({ taxNo: '9131 0115 MA1K 3D7P 2x' })).toEqual({
      taxNo: '91310115MA1K3D7P2X',
    });
    expect(ZInvoiceTitleBody.safeParse({ taxNo: '1234' }).success).toBe(false);
  });
});
