// A visitor on a mid-range phone and a slow mobile network, for the tests and benches that time what a visitor meets in
// the first seconds of a page (specs/early-interactions.spec.ts, tools/bench/time-to-working.ts): the CPU slowed 4×
// and Lighthouse's mobile "Slow 4G" laid on the page's own requests through the DevTools protocol, from before the
// navigation, so the first view, the scripts and every later request are as slow as on that phone.
import type { Browser, BrowserContext, Page } from '@playwright/test';

/** Chromium's "mid-range phone" slowdown: Lighthouse's mobile default, and the interaction bench's (docs/performance.md). */
export const PHONE_CPU_SLOWDOWN = 4;

/**
 * Lighthouse's mobile Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up) as Lighthouse itself applies it through the
 * DevTools protocol ("devtools" throttling, its constants' requestLatencyMs and the throughputs ×0.9): the protocol's
 * latency is added once per request, not per round trip, hence 150 × 3.75 ms. The benches' Lighthouse runs simulate
 * the same profile (tools/bench/lib/lighthouse.ts), so the figures speak of one network.
 */
export const SLOW_4G = { latencyMs: 150 * 3.75, downloadKbps: 1.6 * 1024 * 0.9, uploadKbps: 750 * 0.9 } as const;

/** The two screens every early-interaction case runs at: a phone's (375 px, touch) and a laptop's. */
export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;
export type ScreenWidth = typeof PHONE_WIDTH | typeof DESKTOP_WIDTH;

/** The context a width stands for: a phone taps (touch events, mobile viewport), a laptop clicks. */
export function screenOptions(width: ScreenWidth): {
  viewport: { width: number; height: number };
  hasTouch: boolean;
  isMobile: boolean;
} {
  return width === PHONE_WIDTH
    ? { viewport: { width, height: 740 }, hasTouch: true, isMobile: true }
    : { viewport: { width, height: 900 }, hasTouch: false, isMobile: false };
}

export interface SlowPhoneOptions {
  /** CPU slowdown (PHONE_CPU_SLOWDOWN). */
  cpu?: number;
  /** Slow 4G on the page's requests (true). */
  network?: boolean;
}

/**
 * Slows `page` down before it navigates: its renderer's CPU by `cpu`×, its requests to Slow 4G. The DevTools session
 * stays open with the page (the throttling lasts as long as it does) and follows the page's same-site navigations.
 */
export async function slowDown(
  page: Page,
  { cpu = PHONE_CPU_SLOWDOWN, network = true }: SlowPhoneOptions = {},
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.latencyMs,
      // the protocol takes bytes per second
      downloadThroughput: (SLOW_4G.downloadKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.uploadKbps * 1024) / 8,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/** A fresh context (no cache, no storage: a first visit) at `width`, and its one page, slowed down before any navigation. */
export async function slowPhonePage(
  browser: Browser,
  width: ScreenWidth,
  options: SlowPhoneOptions & { baseURL?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    ...screenOptions(width),
    ...(options.baseURL === undefined ? {} : { baseURL: options.baseURL }),
  });
  try {
    const page = await context.newPage();
    await slowDown(page, options);
    return { context, page };
  } catch (error) {
    await context.close();
    throw error;
  }
}
