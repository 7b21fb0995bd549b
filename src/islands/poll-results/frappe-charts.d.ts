// frappe-charts ships no types; this is the part the results chart uses.
declare module 'frappe-charts' {
  export class Chart {
    constructor(parent: HTMLElement | string, options: Record<string, unknown>);
    update(data: unknown): void;
    /** Stops watching the parent's size and the window's resize. */
    destroy(): void;
  }
}
