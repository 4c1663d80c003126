// Applies the colour scheme the app last chose (light for the operator and LPA areas, dark otherwise) before the
// first paint, so a full page load does not flash the other scheme while the signed-in user loads. A file, not
// an inline script, so the content security policy can stay `script-src 'self'`.
(() => {
  try {
    const scheme = window.localStorage.getItem('curlew.colourScheme');
    if (scheme === 'light' || scheme === 'dark')
      document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage can be refused (private modes); the page then starts dark as before.
  }
})();
