/** The matching pages, loaded as one chunk. */
export { ReviewPage } from './ReviewPage.tsx';
