import { Fragment, type ReactNode } from 'react';

const INLINE_TAGS = ['b', 'strong', 'i', 'em', 'u', 'code', 'sub', 'sup', 'small', 'span'] as const;
const BLOCK_TAGS = ['p', 'ul', 'ol', 'li'] as const;
type AllowedTag = (typeof INLINE_TAGS)[number] | (typeof BLOCK_TAGS)[number];
const ALLOWED_TAGS: readonly string[] = [...INLINE_TAGS, ...BLOCK_TAGS];
// Elements whose content must never be shown, not even as text.
const DROPPED_TAGS = [
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
];
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/))/i;

const isAllowedTag = (tag: string): tag is AllowedTag => ALLOWED_TAGS.includes(tag);

const convert = (node: Node, key: string): ReactNode => {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE || !(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  if (DROPPED_TAGS.includes(tag)) return null;
  const children = Array.from(node.childNodes, (child, index) => convert(child, `${key}.${index}`));
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href.trim())) return <Fragment key={key}>{children}</Fragment>;
    return (
      <a key={key} href={href.trim()} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  if (isAllowedTag(tag)) {
    const Tag = tag;
    return <Tag key={key}>{children}</Tag>;
  }
  // Unknown elements are unwrapped: their text stays, the element and its attributes go.
  return <Fragment key={key}>{children}</Fragment>;
};

/**
 * Renders server-provided HTML (labels, hints) as React elements from a small safe subset: text, b/strong/i/em/u,
 * code, sub/sup, small, span, p, lists, br and links to http(s), mailto or app paths. No attribute other than a
 * link's href survives and nothing is ever inserted as raw HTML.
 */
export function SafeHtml({ html }: { html: string }) {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return <>{Array.from(document.body.childNodes, (child, index) => convert(child, String(index)))}</>;
}

/** The plain text of a small HTML string (for accessible names and error lists). */
export function plainTextOf(html: string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const element of Array.from(document.body.querySelectorAll(DROPPED_TAGS.join(',')))) element.remove();
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
