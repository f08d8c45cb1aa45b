import '@testing-library/jest-dom';
import { setViewportWidth } from './viewport';

// Tests start on a desktop screen unless they say otherwise.
beforeEach(() => setViewportWidth(1280));
