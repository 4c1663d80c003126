import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './ScrollToTop.tsx';

let navigate: ReturnType<typeof useNavigate> = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollToTop />
      <Navigator />
    </MemoryRouter>,
  );

describe('ScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls to the top when a link leads to another page, not on the same page or going back', () => {
    renderAt('/projects?page=2');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);

    act(() => navigate('/projects/p1'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    // The same page with other filters or a hash: the reader stays where they are.
    act(() => navigate('/projects/p1?tab=documents'));
    act(() => navigate('/projects/p1#main'));
    expect(scrollTo).toHaveBeenCalledTimes(1);

    // Back: the browser restores where the reader was.
    act(() => navigate(-1));
    act(() => navigate(-1));
    act(() => navigate(-1));
    expect(scrollTo).toHaveBeenCalledTimes(1);

    // A redirect (replace) to another page opens it at the top too.
    act(() => navigate('/markets', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
