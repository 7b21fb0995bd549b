import { describe, expect, it } from 'vitest';
import { contrastIssues, contrastRatio, parseColour, readableTextColour } from '~/lib/contrast';

describe('contrast', () => {
  it('parses hex, short hex, rgb() and names', () => {
    expect(parseColour('#0b6e69')).toEqual([11, 110, 105]);
    expect(parseColour('#fff')).toEqual([255, 255, 255]);
    expect(parseColour('#ffffff80')).toEqual([255, 255, 255]);
    expect(parseColour('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColour('white')).toEqual([255, 255, 255]);
    expect(parseColour('url(x)')).toBeNull();
  });

  it('computes the WCAG ratio: 21 for black on white, 1 for equal colours', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777')).toBeCloseTo(1, 5);
    // Known reference value: #767676 on white is the lightest grey that passes 4.5:1.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('keeps a readable button text colour and replaces an unreadable one', () => {
    expect(readableTextColour('#ffffff', '#0b6e69')).toBe('#ffffff');
    expect(readableTextColour('#ffff00', '#ffffff')).toBe('#000000');
    expect(readableTextColour('#333333', '#111111')).toBe('#ffffff');
  });

  it('lists only the pairs under 4.5:1 and skips missing colours', () => {
    const issues = contrastIssues({ good: ['#000', '#fff'], bad: ['#aaa', '#fff'], missing: [undefined, '#fff'] });
    expect(issues.map((i) => i.pair)).toEqual(['bad']);
    expect(issues[0]!.ratio).toBeLessThan(4.5);
  });
});
