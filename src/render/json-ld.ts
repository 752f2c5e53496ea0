/**
 * JSON for a <script> data block (JSON-LD, the runtime configuration). `<`, `>`, `&` and the JavaScript line
 * separators are escaped so no text from content can close the script element or break parsing.
 */
export function serializeScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
