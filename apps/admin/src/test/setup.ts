// Matchers that read the DOM (toBeInTheDocument, toHaveTextContent…), as in the web app's tests.
import '@testing-library/jest-dom/vitest';
