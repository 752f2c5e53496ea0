import { z } from 'zod';
import { httpUrl } from '../validate/field-schemas.js';

/** An absolute http(s) origin: scheme and host, no path, query or fragment. */
const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash && !value.endsWith('/');
  } catch {
    return false;
  }
}, 'must be an origin such as https://www.example.com (http or https, no path, no trailing slash)');

const domain = z.string().regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/, 'must be a lowercase domain name such as example.com');

const perHost = <T extends z.ZodType>(value: T) => z.object({ main: value, zh: value, ru: value }).strict();

export const siteConfigSchema = z.object({
  name: z.string().min(1),
  hosts: perHost(origin),
  russianBlog: origin,
  api: perHost(origin),
  clientApi: httpUrl,
  app: z.object({ registerUrl: httpUrl, loginUrl: httpUrl, appUrl: httpUrl }).strict(),
  ownDomains: z.array(domain).min(1),
  partnerDomains: z.array(domain).default([]),
  analytics: z.object({
    beaconUrl: httpUrl,
    consentCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 country code such as DE')).default([]),
  }).strict(),
  social: z.object({ video: httpUrl, chatGroup: httpUrl }).strict(),
  pageSize: z.number().int().min(1).max(100).default(9),
}).strict();

export type SiteConfig = z.infer<typeof siteConfigSchema>;
