/**
 * Percent-decoded text, or the text as it came when it is not valid percent-encoding of UTF-8 (a lone
 * `%`, `%E6` alone): what a visitor typed is still shown or matched as typed rather than failing.
 */
export function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
