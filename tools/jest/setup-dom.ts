import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; react-router needs them at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { setViewportWidth } from './viewport';

// Tests start on a desktop screen unless they say otherwise.
beforeEach(() => setViewportWidth(1280));
