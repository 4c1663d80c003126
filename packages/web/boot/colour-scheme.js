// Applies the colour scheme the app last chose (light for the operator and LPA areas, dark otherwise) before the
// first paint, so a full page load does not flash the other scheme while the signed-in user loads. Written into
// each page's head by the build (see bootShell.ts); the server's content security policy allows it by its hash.
(() => {
  try {
    const scheme = window.localStorage.getItem('curlew.colourScheme');
    if (scheme === 'light' || scheme === 'dark')
      document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage can be refused (private modes); the page then starts dark as before.
  }
})();
