import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render.tsx';
import { describeError, ErrorDetails } from './ErrorPage.tsx';

describe('describeError', () => {
  it('gives status and status text for a route error response', () => {
    const response = { status: 404, statusText: 'Not Found', internal: true, data: 'no route' };
    expect(describeError(response)).toEqual({ summary: '404 Not Found' });
  });

  it('gives the message and stack of an Error, or the value itself', () => {
    const error = new Error('Boom');
    expect(describeError(error)).toEqual({ summary: 'Boom', stack: error.stack });
    expect(describeError('plain text')).toEqual({ summary: 'plain text' });
  });
});

describe('ErrorDetails', () => {
  it('shows the heading, the status and no stack for a response', () => {
    renderAt(
      <ErrorDetails
        error={{ status: 500, statusText: 'Internal Server Error', internal: false, data: null }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('500 Internal Server Error')).toBeInTheDocument();
    expect(screen.queryByLabelText('Stack trace')).not.toBeInTheDocument();
  });
});
