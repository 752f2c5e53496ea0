// The loader hooks record-loads.mjs registers (they run in the loader's own thread).
import { appendFileSync } from 'node:fs';

export async function load(url, context, next) {
  appendFileSync(process.env.SITEGEN_RECORD_LOADS, `${url}\n`);
  return next(url, context);
}
