import { describe, expect, it } from 'vitest';
import { normaliseTagNames, parseTagInput, tagKey } from '../../worker/src/domain/tags';

describe('normaliseTagNames', () => {
  it('trims, drops blanks and keeps the first spelling of a case-insensitive duplicate', () => {
    expect(normaliseTagNames([' Biologie', 'biologie', '', '  ', 'Chimie ', 'BIOLOGIE'])).toEqual(['Biologie', 'Chimie']);
  });

  it('treats accented capitals as the same tag', () => {
    expect(normaliseTagNames(['Été', 'été'])).toEqual(['Été']);
    expect(tagKey(' ÉTÉ ')).toBe('été');
  });

  it('parses a comma-separated field', () => {
    expect(parseTagInput('a, b,,  ,A , c')).toEqual(['a', 'b', 'c']);
    expect(parseTagInput('')).toEqual([]);
  });
});
