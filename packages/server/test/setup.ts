// A promise rejected without a handler is a bug: make it fail the test run instead of passing silently.
// Test files share a worker (isolate: false), and this file runs before each of them: add the listener once.
const FAIL_ON_UNHANDLED = Symbol.for('curlew.test.failOnUnhandledRejection');
const state = globalThis as { [FAIL_ON_UNHANDLED]?: true };
if (!state[FAIL_ON_UNHANDLED]) {
  state[FAIL_ON_UNHANDLED] = true;
  process.on('unhandledRejection', (reason) => {
    throw reason;
  });
}
