// Async boundary: shared singletons (React, the store...) are negotiated before any app code runs.
//
// The start-up evaluates its modules in steps, each in a task of its own. In one go (React, the router,
// styled-components, the store, then the app) it held the main thread for ~190 ms at Lighthouse's 4x CPU, while the
// server-drawn page was already on screen and a tap on it had to wait. Each step's modules are evaluated once; the
// app then imports them as usual.
import { nextTask } from './app/nextTask';

const STARTUP_STEPS: Array<() => Promise<unknown>> = [
  () => import('react-dom/client'),
  () => import('react-router-dom'),
  () => import('styled-components'),
  () => import('@reduxjs/toolkit'),
  () => import('react-redux'),
  () => import('@lingui/core'),
  () => import('@lingui/react'),
  // The design system and the store (every styled component's definition, the slices): evaluated here rather than
  // inside the bootstrap chunk's task, which held them, the frame's modules and the start together.
  () => import('@site/shared-ui'),
  () => import('@site/shared-store'),
  () => import('./bootstrap'),
];

async function startInSteps(): Promise<void> {
  for (const step of STARTUP_STEPS) {
    await nextTask();
    await step();
  }
}

void startInSteps();
