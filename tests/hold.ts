/**
 * A deliberate window: time that must pass because what the test checks is what happens, or does
 * not, while it passes, and nothing the test can observe marks its end. Never a wait for
 * something to happen: wait for that (expect.poll, vi.waitFor, a realtime frame, a marker sent
 * after it, Playwright's auto-waiting assertions), or step a fake clock. Every call says why no
 * condition or marker serves there.
 */
export function holdFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
