/** A literal string as a regular expression (for host folders and path prefixes in routes). */
export function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
