import { RUNTIME_CONFIG_ID, type RuntimeConfig } from '../src/model/browser-contract.js';

/** Reads the page's runtime configuration; null when the page has none or it does not parse. */
export function readRuntimeConfig(doc: Document): RuntimeConfig | null {
  const text = doc.getElementById(RUNTIME_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RuntimeConfig;
  } catch {
    return null;
  }
}
