// A promise rejected without a handler is a bug: make it fail the test run instead of passing silently.
process.on('unhandledRejection', (reason) => {
  throw reason;
});
