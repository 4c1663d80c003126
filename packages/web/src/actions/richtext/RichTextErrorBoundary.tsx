import { Component, type ErrorInfo, type ReactNode } from 'react';

/** The text of a rich-text render failure (SPEC 8). */
export const RICH_TEXT_ERROR_TEXT = 'An error was thrown.';

// Mantine's red 9: readable on light and dark backgrounds.
const RED_BORDER = '#c92a2a';

interface BoundaryProps {
  children: ReactNode;
  onError?: (error: Error) => void;
}

/**
 * Catches a rich-text editor or viewer failure (e.g. a stored value that is not a valid editor state) and shows a
 * red-bordered box reading 'An error was thrown.' instead of breaking the page; the error is reported, not hidden.
 */
export class RichTextErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (this.props.onError) this.props.onError(error);
    else console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div
          role="alert"
          style={{ borderWidth: 1, borderStyle: 'solid', borderColor: RED_BORDER, padding: '0.5rem' }}
        >
          {RICH_TEXT_ERROR_TEXT}
        </div>
      );
    }
    return this.props.children;
  }
}
