import { describe, expect, it } from 'vitest';
import type { BuildResult } from '../../../src/build.js';
import { parseRedirectsFile } from '../../../src/hosting/redirects-file.js';
import { NGINX_GAPS } from '../../../src/hosting/nginx-conf.js';
import { DIAGNOSTICS } from '../../../src/errors/catalogue.js';
import { formatDiagnostics } from '../../../src/errors/format-diagnostics.js';
import { baseFiles, buildFixture, errorsOf } from '../../helpers/fixture.js';
import { FEATURES, readmeRows } from '../../hosts/support/host-table.js';
import { buildEdgeFixture, edgeFixtureFiles, HOSTNAMES } from '../../fixtures/edge-fixture.js';

const text = (result: BuildResult, path: string) => new TextDecoder().decode(result.output.get(path));

describe('hosting outputs, parsed back and replayed', () => {
  const fixture = buildEdgeFixture();

  it('warns about nginx alone, once, in one short line naming exactly the gaps the hosting table measured on nginx', async () => {
    const result = await fixture;
    const warnings = result.diagnostics.filter((d) => d.code === 'HOSTING_UNSUPPORTED');
    expect(warnings.map((d) => d.message)).toEqual(['nginx cannot run the edge middleware: no case folding, locale detection, or remembered choice of locale']);
    // Short enough to read at a glance in the terminal: the details are in docs/hosting.md, which the hint names.
    // The warning, then its hint and its docs section (printed under the first diagnostic of a code): three short lines.
    const lines = formatDiagnostics(warnings, { color: false, verbose: false }).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(warnings[0]!.message);
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual(['hint', 'docs']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(160);
    expect(DIAGNOSTICS.HOSTING_UNSUPPORTED.hint.length).toBeLessThanOrEqual(160);
    expect(DIAGNOSTICS.HOSTING_UNSUPPORTED.hint).toContain('docs/hosting.md#nginx-configuration-not-njs');
    for (const gap of Object.values(NGINX_GAPS)) expect(warnings[0]!.message).toContain(gap);
    const nginx = readmeRows().get('nginx')!.split(' | ').slice(1);
    const measured = FEATURES.filter((f, i) => f.feature !== 'hostile' && nginx[i] !== 'yes').map((f) => f.feature);
    expect(Object.keys(NGINX_GAPS).sort()).toEqual(measured.sort());
  });

  it('writes the middleware as each host\'s Cloudflare worker and Netlify edge function', async () => {
    const cloudflare = await buildFixture(edgeFixtureFiles('[cloudflare]'));
    const netlify = await buildFixture(edgeFixtureFiles('[netlify]'));
    for (const host of Object.values(HOSTNAMES)) {
      expect(text(cloudflare, `${host}/_worker.js`)).toContain('ASSETS');
      expect(text(netlify, `netlify/${host}/edge-functions/sitegen.js`)).toMatch(/path:\s*"\/\*"/);
      expect(text(netlify, `netlify/${host}/netlify.toml`)).toContain(`publish = "../../${host}"`);
    }
    expect(errorsOf(cloudflare).concat(errorsOf(netlify))).toEqual([]);
    expect(cloudflare.diagnostics.filter((d) => d.code === 'HOSTING_UNSUPPORTED')).toEqual([]);
  });

  it('writes Cloudflare _redirects within its limits, without 404 rules', async () => {
    const result = await buildFixture(edgeFixtureFiles('[cloudflare]'));
    expect(errorsOf(result)).toEqual([]);
    const file = text(result, `${HOSTNAMES.main}/_redirects`);
    expect(file).not.toContain(' 404');
    // Every target is absolute on a site origin: a splat can never start a network-path reference.
    for (const rule of parseRedirectsFile(file)) expect(rule.to, rule.from).toMatch(/^https:\/\/(www\.polybrowser(-cn|-ru)?|blog\.polybrowser-ru)\.example\//);
    expect(result.output.has('.vercel/output/config.json')).toBe(false);
  });

  it('refuses to write a Cloudflare file that would silently drop rules, and names the way out', async () => {
    const files = edgeFixtureFiles('[cloudflare]');
    const rows = Array.from({ length: 2001 }, (_, i) => `- { from: /old-${i}, to: /pricing }`);
    rows.push(`- { from: /long, to: "https://blog.polybrowser-ru.example/${'x'.repeat(1000)}" }`);
    files['content/data/redirects.yaml'] = rows.join('\n');
    files['content/site.yaml'] = files['content/site.yaml']!.replace(/budget: \d+/, 'budget: 524288');
    const result = await buildFixture(files);
    const limits = errorsOf(result).filter((d) => d.code === 'HOSTING_LIMIT').map((d) => d.message);
    // Every host gets the main host's rules behind /en (one hop from /en/old-1), so all are over.
    expect(limits).toHaveLength(3);
    expect(limits.find((m) => m.startsWith('cloudflare: www.polybrowser.example/'))).toMatch(/_redirects would have 4081 static rules \(limit 2000\), 2 lines over 1000 characters/);
    expect(result.ok).toBe(false);
  });

  it('refuses netlify and cloudflare together, which would write one _redirects twice', async () => {
    const result = await buildFixture(edgeFixtureFiles('[netlify, cloudflare]'));
    expect(errorsOf(result).map((d) => d.message)).toEqual([expect.stringContaining('both netlify and cloudflare')]);
  });

  it('the sample configuration without targets writes only the Vercel output', async () => {
    const files = baseFiles();
    files['content/site.yaml'] = files['content/site.yaml']!.replace(/\n {2}targets: \[[^\]]*\]/, '');
    const result = await buildFixture(files);
    expect(result.output.has('.vercel/output/config.json')).toBe(true);
    expect(result.output.has('nginx.conf')).toBe(false);
  });
});
