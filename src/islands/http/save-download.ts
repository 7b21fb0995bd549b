/** Saves a fetched file under the server's `x-filename` (docs/product.md §7 exports), else `fallbackName`. */
export async function saveDownload(response: Response, fallbackName: string): Promise<void> {
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = response.headers.get('x-filename') ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
