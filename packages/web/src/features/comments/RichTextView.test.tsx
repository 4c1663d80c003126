import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextView } from './RichTextView.tsx';

const text = (value: string, format = 0) => ({
  type: 'text',
  text: value,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
});
const block = (type: string, children: unknown[], extra: Record<string, unknown> = {}) => ({
  type,
  children,
  direction: null,
  format: '',
  indent: 0,
  version: 1,
  ...extra,
});
const stateJson = (...children: unknown[]) => JSON.stringify({ root: block('root', children) });

const show = (json: string) =>
  render(
    <MantineProvider env="test">
      <RichTextView json={json} />
      <p>Rest of the page</p>
    </MantineProvider>,
  );

describe('RichTextView', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders paragraphs, line breaks and text formats', () => {
    const { container } = show(
      stateJson(
        block('paragraph', [
          text('bold', 1),
          text('italic', 2),
          text('struck', 4),
          text('underlined', 8),
          text('code', 16),
          text('sub', 32),
          text('sup', 64),
          text('bold italic', 3),
          { type: 'linebreak', version: 1 },
          text('second line'),
        ]),
      ),
    );
    const paragraph = container.querySelector('p');
    expect(paragraph?.querySelector('strong')).toHaveTextContent('bold');
    expect(paragraph?.querySelector('em')).toHaveTextContent('italic');
    expect(paragraph?.querySelector('s')).toHaveTextContent('struck');
    expect(paragraph?.querySelector('u')).toHaveTextContent('underlined');
    expect(paragraph?.querySelector('code')).toHaveTextContent('code');
    expect(paragraph?.querySelector('sub')).toHaveTextContent('sub');
    expect(paragraph?.querySelector('sup')).toHaveTextContent('sup');
    expect(paragraph?.querySelector('em strong, strong em')).toHaveTextContent('bold italic');
    expect(paragraph?.querySelector('br')).not.toBeNull();
    expect(paragraph?.lastChild?.textContent).toBe('second line');
  });

  it('renders headings h1-h5, quotes, code blocks, lists (nested too) and mentions', () => {
    const { container } = show(
      stateJson(
        ...['h1', 'h2', 'h3', 'h4', 'h5'].map((tag) => block('heading', [text(`Heading ${tag}`)], { tag })),
        block('quote', [text('Quoted words')]),
        block('code', [text('let x'), { type: 'tab', text: '\t', version: 1 }, text('= 1;')]),
        block(
          'list',
          [
            block('listitem', [text('first')], { value: 3 }),
            block('listitem', [
              block('list', [block('listitem', [text('nested')])], { listType: 'bullet', tag: 'ul' }),
            ]),
          ],
          { listType: 'number', start: 3, tag: 'ol' },
        ),
        block('paragraph', [
          text('Thanks '),
          {
            type: 'mention',
            text: '@Sam Supplier',
            userId: '6f1f3c0e-8d2b-4c57-9a57-0c2f3e7b1a11',
            version: 1,
          },
        ]),
      ),
    );
    for (const level of [1, 2, 3, 4, 5]) {
      expect(screen.getByRole('heading', { level })).toHaveTextContent(`Heading h${level}`);
    }
    expect(container.querySelector('blockquote')).toHaveTextContent('Quoted words');
    expect(container.querySelector('pre > code')?.textContent).toBe('let x\t= 1;');
    const numbered = container.querySelector('ol');
    expect(numbered).toHaveAttribute('start', '3');
    expect(within(numbered as HTMLElement).getAllByRole('listitem')[0]).toHaveTextContent('first');
    expect(numbered?.querySelector('li ul li')).toHaveTextContent('nested');
    const mention = screen.getByText('@Sam Supplier');
    expect(mention.tagName).toBe('SPAN');
    expect(mention.parentElement?.tagName).toBe('P');
  });

  it('shows stored HTML as text and never creates elements from it', () => {
    const hostile = '<img src=x onerror="document.title=\'pwned\'"><script>document.title="pwned"</script>';
    const { container } = show(
      stateJson(
        block('paragraph', [text(hostile)]),
        block('heading', [text('<b>not bold</b>')], { tag: 'h2', innerHTML: '<img src=x>' }),
        block('paragraph', [{ type: 'mention', text: '<a href="javascript:alert(1)">@x</a>', userId: 'x' }]),
      ),
    );
    expect(container.querySelector('img, script, b, a')).toBeNull();
    expect(container).toHaveTextContent(hostile);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('<b>not bold</b>');
    expect(container).toHaveTextContent('<a href="javascript:alert(1)">@x</a>');
    expect(document.title).not.toBe('pwned');
  });

  it('leaves out node types it does not know', () => {
    const { container } = show(
      stateJson(
        block('paragraph', [
          text('before '),
          { type: 'html', html: '<img src=x>' },
          { type: 'image', src: 'x' },
          text('after'),
        ]),
        { type: 'table', children: [text('cell')] },
        { type: 'iframe', src: 'https://example.org' },
      ),
    );
    expect(container.querySelector('p')?.textContent).toBe('before after');
    expect(container).not.toHaveTextContent('cell');
    expect(container.querySelector('img, iframe, table')).toBeNull();
  });

  it.each([
    ['JSON that does not parse', '{"root":'],
    ['no root', JSON.stringify({ children: [] })],
    ['text that is not a string', stateJson(block('paragraph', [{ type: 'text', text: 42 }]))],
    ['a paragraph without children', stateJson({ type: 'paragraph' })],
    ['a heading h6', stateJson(block('heading', [text('x')], { tag: 'h6' }))],
    ['a check list', stateJson(block('list', [], { listType: 'check' }))],
    ['a node that is not an object', stateJson('just a string')],
  ])("shows the red-bordered 'An error was thrown.' box for %s, and the page goes on", (_name, json) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show(json);
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent('An error was thrown.');
    expect(box).toHaveStyle({ borderStyle: 'solid', borderColor: '#c92a2a' });
    expect(screen.getByText('Rest of the page')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
