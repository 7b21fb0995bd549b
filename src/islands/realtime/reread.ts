/**
 * A read that realtime events ask for again and again, run at most once per `spacingMs`: the first
 * ask reads at once; asks while it runs or rests are kept as one more read after the rest, so the
 * last event always gets a read that follows it.
 */
export function rereader(read: () => Promise<void>, spacingMs = 1000): () => void {
  let state: { again: boolean } | undefined;
  const ask = (): void => {
    if (state) {
      state.again = true;
      return;
    }
    const current = { again: false };
    state = current;
    void read().finally(() => setTimeout(() => {
      state = undefined;
      if (current.again) ask();
    }, spacingMs));
  };
  return ask;
}
