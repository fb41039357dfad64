/** Saving something made on the device as a file: works with no signal, since nothing is fetched. */
export function downloadFile(fileName: string, content: Blob | string): void {
  const url = typeof content === 'string' ? content : URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after click() returns.
  if (typeof content !== 'string') window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
