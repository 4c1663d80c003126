import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or data is loading. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}
