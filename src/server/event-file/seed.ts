/** Placeholder until the event-file importer lands: seeds nothing. */
export async function seedDemoIfEmpty(): Promise<void> {}
