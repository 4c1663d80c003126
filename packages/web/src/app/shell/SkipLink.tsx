import type { MouseEvent } from 'react';
import classes from './SkipLink.module.css';

/** The id of every page's <main>, which the skip link leads to. */
export const MAIN_ID = 'main';

/** Moves the focus to the page's main content (the skip link's target) without changing the address. */
const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
};

/** The first thing the keyboard reaches on every page: a link to the main content, shown when focused. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToMain}>
      Skip to main content
    </a>
  );
}
