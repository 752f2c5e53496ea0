/** A file's path in the output folder (no leading slash), or undefined when it would leave the folder. */
export function outputPath(written: string): string | undefined {
  const path = written.replace(/^\/+/, '');
  return path.split('/').some((segment) => segment === '..' || segment === '') || path.includes('\\') ? undefined : path;
}
