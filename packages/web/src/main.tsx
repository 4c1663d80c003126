import { createRoot } from 'react-dom/client';
import { fetchCurrentUser } from './app/currentUser.ts';
import { applyDeferredStyles } from './app/pageStyles.ts';
import { preloadCurrentPage, startApp } from './app/start.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);
// Who is signed in is already on its way (index.html preloads it). The app starts once it is known, so the first
// page is built once, for that user, not as a loader first and then again, and once the styles are in place. A
// failed answer leaves it to the app.
const user = fetchCurrentUser().catch(() => undefined);
const styles = applyDeferredStyles();
// The page's code and record are asked for meanwhile, in a task of their own rather than with the app's start.
setTimeout(preloadCurrentPage);
void Promise.all([user, styles]).then(([known]) => startApp(root, known));
