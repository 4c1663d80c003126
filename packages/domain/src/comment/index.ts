export * from './activity.text.ts';
export * from './comment.actions.ts';
export * from './comment.schema.ts';
export * from './comment.vocab.ts';
export * from './richText.ts';
export * from './subject.ts';
