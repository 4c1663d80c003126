/** Marks the app's stylesheets that index.html asks for without holding its first paint (see vite.config.ts). */
export const DEFERRED_STYLES_ATTRIBUTE = 'data-curlew-styles';

/**
 * Applies the stylesheets index.html preloads rather than links, each where its preload stands so the order of the
 * cascade is kept, and resolves once each has loaded (or failed): the page's header is painted while they arrive,
 * and the app is drawn with its styles in place.
 */
export function applyDeferredStyles(doc: Document = document): Promise<void> {
  const preloads = [
    ...doc.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][${DEFERRED_STYLES_ATTRIBUTE}]`),
  ];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          const cors = preload.getAttribute('crossorigin');
          if (cors !== null) sheet.setAttribute('crossorigin', cors);
          sheet.href = preload.href;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          preload.replaceWith(sheet);
        }),
    ),
  ).then(() => undefined);
}
