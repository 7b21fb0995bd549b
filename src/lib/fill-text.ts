/** Fills `{{name}}` placeholders of a locale text (islands get raw locale sections as props). */
export function fillText(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
