import { Link } from 'react-router-dom';
import type { PageLink } from './pageLink.tsx';

/** The app's page link: the router's, so following it changes page without loading the document again. */
export const RouterLink: PageLink = (props) => <Link {...props} />;
