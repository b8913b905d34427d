import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './router';

function Crashing(): never {
  throw new Error('page bug');
}

function Fine() {
  return <p>fine page</p>;
}

/** The app's shape: the boundary around the routes, a way to navigate outside the pages. */
function Harness() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate('/fine')}>go elsewhere</button>
      <RouteErrorBoundary location={location}>
        <Routes>
          <Route path="/crash" element={<Crashing />} />
          <Route path="/fine" element={<Fine />} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the page error for a page that throws, and clears it on the next navigation', () => {
    // React reports the caught render error to the console; keep the output quiet.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const quiet = (event: ErrorEvent) => event.preventDefault();
    window.addEventListener('error', quiet);
    try {
      render(
        <MemoryRouter initialEntries={['/crash']}>
          <Harness />
        </MemoryRouter>,
      );
      expect(screen.getByTestId('route-error')).toBeInTheDocument();

      fireEvent.click(screen.getByText('go elsewhere'));
      expect(screen.queryByTestId('route-error')).toBeNull();
      expect(screen.getByText('fine page')).toBeInTheDocument();
    } finally {
      window.removeEventListener('error', quiet);
    }
  });
});
