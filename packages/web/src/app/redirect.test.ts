import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './redirect.ts';

describe('safeRedirectTarget', () => {
  it.each([
    ['/markets', '/markets'],
    ['/markets/1/round/2?tab=offers', '/markets/1/round/2?tab=offers'],
    ['/profile#totp', '/profile#totp'],
    ['/', '/'],
  ])('honours the same-origin path %s', (target, expected) => {
    expect(safeRedirectTarget(target)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['https://evil.example/steal'],
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['markets'],
    ['http:/evil.example'],
  ])('sends %s home', (target) => {
    expect(safeRedirectTarget(target)).toBe('/');
  });
});

describe('loginPathFor', () => {
  it('carries the original path and query in the redirect parameter', () => {
    expect(loginPathFor('/projects/7?tab=docs')).toBe('/login?redirect=%2Fprojects%2F7%3Ftab%3Ddocs');
  });

  it('needs no redirect for home', () => {
    expect(loginPathFor('/')).toBe('/login');
  });
});
