import { z } from 'zod';

/** Field types shared by the site configuration, front matter and data tables. */

export const httpUrl = z.string().refine((value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an absolute http(s) URL');

/** How a writer hears of a date sitegen cannot read, whatever is wrong with it (issue 19). */
const dateError = (issue: { input?: unknown }) => `expected a date like 2026-03-14 (year-month-day)${typeof issue.input === 'string' || typeof issue.input === 'number' ? `, not ${JSON.stringify(issue.input)}` : ''}`;

export const isoDate = z.string({ error: dateError }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: dateError, abort: true }).refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, { error: dateError });

/** An id that is safe as a URL segment: lowercase letters, digits and single hyphens. */
export const slugId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and hyphens');
