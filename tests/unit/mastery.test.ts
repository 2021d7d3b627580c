import { describe, expect, it } from 'vitest';
import { masteryBucket, masteryColor, masteryLabel, masteryPercent } from '../../worker/src/domain/mastery';

describe('mastery colour buckets', () => {
  it.each([
    [0, 'red'],
    [0.2499, 'red'],
    [0.25, 'orange'],
    [0.4999, 'orange'],
    [0.5, 'yellow'],
    [0.7499, 'yellow'],
    [0.75, 'lightGreen'],
    [0.8999, 'lightGreen'],
    [0.9, 'blue'],
    [1, 'blue'],
  ] as const)('puts %d in the %s bucket', (level, bucket) => {
    expect(masteryBucket(level)).toBe(bucket);
  });

  it('uses the spec red #FF3333 for weak concepts, and five distinct colours', () => {
    expect(masteryColor(0.1)).toBe('#FF3333');
    const colours = new Set([0, 0.3, 0.6, 0.8, 0.95].map(masteryColor));
    expect(colours.size).toBe(5);
  });

  it('treats a concept without a level (null) as 0 % and red', () => {
    expect(masteryPercent(null)).toBe(0);
    expect(masteryBucket(null)).toBe('red');
    expect(masteryBucket(Number.NaN)).toBe('red');
  });

  it('keeps out-of-range values inside 0..100 %', () => {
    expect(masteryPercent(-0.2)).toBe(0);
    expect(masteryPercent(1.7)).toBe(100);
    expect(masteryBucket(3)).toBe('blue');
  });
});

describe('mastery percentage', () => {
  it('rounds to the nearest whole percent', () => {
    expect(masteryPercent(0.456)).toBe(46);
    expect(masteryPercent(0.454)).toBe(45);
    expect(masteryPercent(0.005)).toBe(1);
    expect(masteryPercent(0.999)).toBe(100);
  });

  it('writes the card tooltip', () => {
    expect(masteryLabel(0.72)).toBe('Maîtrise: 72%');
    expect(masteryLabel(null)).toBe('Maîtrise: 0%');
  });
});
