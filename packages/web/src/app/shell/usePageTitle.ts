import { useEffect } from 'react';

/** Sets the browser tab title to '{title} - Curlew' while the page is shown. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} - Curlew`;
  }, [title]);
}
