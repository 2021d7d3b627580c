import { describe, expect, it } from 'vitest';
import {
  CONSTELLATION_MESSAGES,
  constellationProblems,
  countGraphemes,
  DEFAULT_CONSTELLATION_COLOR,
  isValidConstellationColor,
  isValidConstellationIcon,
} from '../../worker/src/domain/constellation';

describe('constellation icon', () => {
  it('counts one emoji as one character, even when built of several code points', () => {
    expect(countGraphemes('👨‍👩‍👧‍👦')).toBe(1); // family, joined with ZWJ
    expect(countGraphemes('🇫🇷')).toBe(1); // flag, two regional indicators
    expect(countGraphemes('👍🏽')).toBe(1); // skin-tone modifier
    expect(countGraphemes('é')).toBe(1); // e + combining accent
    expect(countGraphemes('abc')).toBe(3);
  });

  it('accepts five emoji and refuses six', () => {
    expect(isValidConstellationIcon('👨‍👩‍👧‍👦🇫🇷🌟🪐✨')).toBe(true);
    expect(isValidConstellationIcon('👨‍👩‍👧‍👦🇫🇷🌟🪐✨🌙')).toBe(false);
    expect(isValidConstellationIcon('abcdef')).toBe(false);
  });
});

describe('constellation colour', () => {
  it('accepts only #RRGGBB', () => {
    expect(isValidConstellationColor(DEFAULT_CONSTELLATION_COLOR)).toBe(true);
    expect(isValidConstellationColor('#A1b2C3')).toBe(true);
    for (const bad of ['#fff', '4e337c', '#4e337cc', 'red', '#gggggg', ' #4e337c']) expect(isValidConstellationColor(bad)).toBe(false);
  });
});

describe('constellationProblems', () => {
  it('names every broken rule with its message', () => {
    expect(constellationProblems({ name: '  ', icon: '1234567', color: 'blue' })).toEqual([
      { field: 'name', message: CONSTELLATION_MESSAGES.name },
      { field: 'icon', message: CONSTELLATION_MESSAGES.icon },
      { field: 'color', message: CONSTELLATION_MESSAGES.color },
    ]);
    expect(CONSTELLATION_MESSAGES.name).toBe('Le nom de la constellation est obligatoire.');
  });

  it('has nothing to say about a valid draft, or absent optional fields', () => {
    expect(constellationProblems({ name: 'Chimie', icon: '🧪', color: '#00ff00' })).toEqual([]);
    expect(constellationProblems({ name: 'Chimie', icon: null, color: null })).toEqual([]);
  });
});
