/**
 * The value of a synchronous file-system call, or undefined when it throws: a file or folder that
 * is not there (or cannot be read) is an answer, not an error, wherever this is used.
 */
export function attempt<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}
