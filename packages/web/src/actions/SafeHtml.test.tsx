import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { plainTextOf, SafeHtml } from './SafeHtml.tsx';

const rendered = (html: string): HTMLElement =>
  render(
    <div data-testid="out">
      <SafeHtml html={html} />
    </div>,
  ).getByTestId('out');

describe('SafeHtml', () => {
  it('keeps text and the safe subset', () => {
    const out = rendered(
      'See <strong>this</strong><br>and <a href="https://example.org/guide">the guide</a>',
    );
    expect(out.innerHTML).toBe(
      'See <strong>this</strong><br>and <a href="https://example.org/guide" target="_blank" rel="noopener noreferrer">the guide</a>',
    );
  });

  it('drops scripts, styles, event handlers, attributes and unsafe links', () => {
    const out = rendered(
      '<p onclick="steal()" style="color:red" class="x">Hi<script>steal()</script><style>*{}</style></p>' +
        '<img src=x onerror="steal()"><a href="javascript:steal()">bad</a><a href="//evil.example">proto</a>' +
        '<iframe src="https://evil.example"></iframe><div><u>kept</u></div>',
    );
    expect(out.innerHTML).toBe('<p>Hi</p>badproto<u>kept</u>');
  });

  it('never turns text into markup', () => {
    const out = rendered('&lt;b&gt;not bold&lt;/b&gt;');
    expect(out.querySelector('b')).toBeNull();
    expect(out.textContent).toBe('<b>not bold</b>');
  });

  it('gives plain text for names', () => {
    expect(plainTextOf('Area <em>(ha)</em><script>x</script>')).toBe('Area (ha)');
  });
});
