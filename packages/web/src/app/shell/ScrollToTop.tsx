import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Opens each new page at its top: following a link (or a redirect) to another page scrolls the window up, as a page
 * load would. Going back or forward leaves the scroll to the browser, and a change of filters, page of a list or
 * `#hash` on the same page does not move it.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
