// Async boundary: shared singletons (React, the store...) are negotiated before any app code runs.
//
// The start-up evaluates its modules in steps, each in a task of its own. In one go (React, the router,
// styled-components, the store, then the app) it held the main thread for ~190 ms at Lighthouse's 4x CPU, while the
// server-drawn page was already on screen and a tap on it had to wait. Each step's modules are evaluated once; the
// app then imports them as usual.
import { nextTask } from './app/nextTask';

/**
 * The page's first number and plural formats (the header's basket label is an ICU plural with `#`): the browser
 * loads locale data on the first Intl.NumberFormat and Intl.PluralRules of a page, 100-140 ms at 4x CPU together,
 * which otherwise lands in the hydration's one task. Made here, each in its own task, Lingui's formatters later find
 * the data loaded.
 */
const pageLocale = () => document.documentElement.lang || 'en';
const loadNumberFormat = async () => void new Intl.NumberFormat(pageLocale()).format(0);
const loadPluralRules = async () => void new Intl.PluralRules(pageLocale()).select(0);

const STARTUP_STEPS: Array<() => Promise<unknown>> = [
  loadNumberFormat,
  loadPluralRules,
  () => import('react-dom/client'),
  () => import('react-router-dom'),
  () => import('styled-components'),
  () => import('@reduxjs/toolkit'),
  () => import('react-redux'),
  () => import('./bootstrap'),
];

async function startInSteps(): Promise<void> {
  for (const step of STARTUP_STEPS) {
    await nextTask();
    await step();
  }
}

void startInSteps();
