// Matchers that read the DOM (toBeInTheDocument, toHaveTextContent…), as in the web app's tests.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { installDomStubs } from '../shared/testing';

// What jsdom lacks and antd asks for, for every test.
installDomStubs();

// One bound for every wait on the page (findBy…, waitFor), as for the web app: a busy machine
// renders slowly, and a wait returns as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });
