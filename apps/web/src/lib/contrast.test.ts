import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextColor, textOn } from './contrast.ts';

describe('contrast', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // The brand orange with white text: the 2.33 axe-core reported.
    expect(contrastRatio('#ffffff', '#F89000')).toBeCloseTo(2.34, 2);
  });

  it('puts dark text on the brand orange and white text on dark colours', () => {
    expect(textOn('#F89000')).toBe('#1f1f1f');
    expect(contrastRatio(textOn('#F89000'), '#F89000')).toBeGreaterThanOrEqual(4.5);
    expect(textOn('#1677FF')).toBe('#1f1f1f');
    expect(textOn('#0958D9')).toBe('#ffffff');
  });

  it('darkens the theme colour just enough for text on white and on its tint', () => {
    const text = readableTextColor('#F89000');
    expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, '#fff7e6')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(text, '#ffffff')).toBeLessThan(6);
    // A colour dark enough already stays as it is.
    expect(readableTextColor('#0958d9')).toBe('#0958d9');
  });
});
