import type { AnchorHTMLAttributes, ReactElement } from 'react';

/** What a page link takes: where it leads, and the attributes of the `<a>` it renders. */
export type PageLinkProps = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * A link to another page of the app as its host makes it: a router link inside the app (`RouterLink`), a plain
 * link on the sign-in page that loads on its own, which hands the address over to the whole app.
 */
export type PageLink = (props: PageLinkProps) => ReactElement;

/** A plain `<a>`: following it is left to the page (the sign-in page hands the address to the whole app). */
export const PlainLink: PageLink = ({ to, ...rest }) => <a href={to} {...rest} />;
