import { describe, expect, test } from 'vitest';
import {
  avatarColour,
  avatarInitials,
  joinedText,
  profileHref,
  usernameFromPath,
} from '../../src/features/profiles/profile-format';

describe('profile addresses', () => {
  test('the name in /u/{username}, decoded; anything else names no one', () => {
    expect(usernameFromPath('/u/alice')).toBe('alice');
    expect(usernameFromPath('/u/alice/')).toBe('alice');
    expect(usernameFromPath('/u/a%2Eb')).toBe('a.b');
    expect(usernameFromPath('/u/%E0%A4%A')).toBe('%E0%A4%A');
    expect(usernameFromPath('/u')).toBe('');
    expect(usernameFromPath('/u/')).toBe('');
    expect(usernameFromPath('/u/a/b')).toBe('');
  });

  test('profileHref encodes the name', () => {
    expect(profileHref('mia_reads')).toBe('/u/mia_reads');
    expect(profileHref('a b')).toBe('/u/a%20b');
  });
});

describe('generated avatars', () => {
  test('initials: the first letters of the first two parts, else the first two letters', () => {
    expect(avatarInitials('mia_reads')).toBe('MR');
    expect(avatarInitials('jo.kim-lee')).toBe('JK');
    expect(avatarInitials('alice')).toBe('AL');
    expect(avatarInitials('x')).toBe('X');
  });

  test('the colour follows the name in any case and differs between names', () => {
    expect(avatarColour('Alice')).toBe(avatarColour('alice'));
    expect(avatarColour('alice')).not.toBe(avatarColour('bob'));
    expect(avatarColour('alice')).toMatch(/^hsl\(\d{1,3} 55% 32%\)$/);
  });
});

test('joined date in words, in UTC', () => {
  expect(joinedText('2026-03-05T23:30:00Z')).toBe('Joined March 5, 2026');
});
