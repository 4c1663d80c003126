import { Code, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router-dom';

/** The parts of an error the error page shows: status and status text, or the message, and any stack. */
export function describeError(error: unknown): { summary: string; stack?: string } {
  if (isRouteErrorResponse(error)) return { summary: `${error.status} ${error.statusText}`.trim() };
  if (error instanceof Error) return { summary: error.message, stack: error.stack };
  return { summary: String(error) };
}

/** The 'Unexpected Application Error!' page (SPEC 2 and 8). */
export function ErrorDetails({ error }: { error: unknown }) {
  const { summary, stack } = describeError(error);
  return (
    <Container component="main" size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>Unexpected Application Error!</Title>
        <Text fw={600}>{summary}</Text>
        {stack ? (
          <Code block aria-label="Stack trace">
            {stack}
          </Code>
        ) : null}
      </Stack>
    </Container>
  );
}

/** Catches an error thrown while rendering a page and shows the error page instead of a blank screen. */
export class AppErrorBoundary extends Component<
  { children: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Keep the component stack in the console for whoever reproduces the failure.
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorDetails error={this.state.error} /> : this.props.children;
  }
}
