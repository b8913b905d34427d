// Matchers that read the DOM (toBeInTheDocument, toHaveTextContent…), as in the web app's tests.
import '@testing-library/jest-dom/vitest';
import { installDomStubs } from '../shared/testing';

// What jsdom lacks and antd asks for, for every test.
installDomStubs();
