import { describe, expect, it } from 'vitest';
import { DESKTOP, fakeApi, newPage, siteUrl, useBrowser } from './support/e2e.js';

const browser = useBrowser();

const storageOf = (page: import('playwright-core').Page) => page.evaluate(() => ({ code: localStorage.getItem('registeCode'), source: localStorage.getItem('source') }));

describe('referral code and source (spec §4)', () => {
  it('takes the code from the query, keeps it 7 days in __REF, reports it, and adds it to register links', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    const before = Date.now() / 1000;
    await page.goto(siteUrl('/pricing?code=ABC123&source=ads'));
    const [report] = await fakeApi.waitFor('/sys/config/ref/set');
    expect(report!.query).toEqual({ c_v: 'ABC123' });
    const ref = (await context.cookies()).find((c) => c.name === '__REF');
    expect(ref?.value).toBe('ABC123');
    expect(ref!.expires - before).toBeGreaterThan(6.9 * 86400);
    expect(ref!.expires - before).toBeLessThan(7.1 * 86400);
    expect(await storageOf(page)).toEqual({ code: 'ABC123', source: 'ads' });
    const register = new URL((await page.locator('header a[data-app-link="register"]').getAttribute('href'))!);
    expect(register.searchParams.get('code')).toBe('ABC123');
    expect(register.searchParams.get('rel')).toBe('official_website');
    expect(register.searchParams.get('lang')).toBe('en');
    await context.close();
  });

  it('applies the three query rules to storage: code only clears source, source only clears code', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing?code=C1&source=S1'));
    expect(await storageOf(page)).toEqual({ code: 'C1', source: 'S1' });
    await page.goto(siteUrl('/pricing?source=S2'));
    expect(await storageOf(page)).toEqual({ code: null, source: 'S2' });
    await page.goto(siteUrl('/pricing?code=C3'));
    expect(await storageOf(page)).toEqual({ code: 'C3', source: null });
    await page.goto(siteUrl('/pricing?ref=R4'));
    expect((await context.cookies()).find((c) => c.name === '__REF')?.value).toBe('R4');
    // Each code the pages took is reported to the API (a report arriving after the test is not
    // counted for the next one: fakeApi.requests() returns the running test's calls only).
    await expect.poll(async () => (await fakeApi.requests('/sys/config/ref/set')).map((r) => r.query.c_v)).toEqual(expect.arrayContaining(['C1', 'C3', 'R4']));
    await context.close();
  });

  it('ignores a hostile code', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing?code=%3Cscript%3Ealert(1)%3C/script%3E'));
    // The referral code is reported as the page starts; the visitor's IP is asked for only once the
    // page has loaded and gone idle, so by then a report would have been sent.
    await fakeApi.waitFor('/sys/config/ip/get-visitor-ip');
    expect(await fakeApi.requests('/sys/config/ref/set')).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === '__REF')).toBeUndefined();
    await context.close();
  });
});

describe('referrer and source tracking (spec §4, §5, §7)', () => {
  it('records an outside referrer for 365 days and reports utm parameters with it', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing?utm_source=news&utm_campaign=fall&bd_vid=77&cb=https%3A%2F%2Fapp.polybrowser.example%2Fx'), { referer: 'https://search.example.org/q?x=1' });
    const [record] = await fakeApi.waitFor('/sys/user/passport/record-source');
    expect(record!.method).toBe('POST');
    expect(JSON.parse(record!.form.referer!)).toContain('https://search.example.org/q?x=1');
    const data = JSON.parse(record!.form.source_data!) as Record<string, string>;
    expect(data).toMatchObject({ utm_source: 'news', utm_campaign: 'fall', bd_vid: '77', callback: 'https://app.polybrowser.example/x' });
    expect(data.page_url).toContain('/pricing?utm_source=news');
    const cookie = (await context.cookies()).find((c) => c.name === '_POWER_REFERRER');
    expect(decodeURIComponent(cookie!.value)).toBe('https://search.example.org/q?x=1');
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
    await context.close();
  });

  it('does not record the own domains as referrer, rejects a hostile cb, and sends nothing when there is nothing to send', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(siteUrl('/pricing'), { referer: 'https://www.polybrowser-cn.example/' });
    // Source tracking reports as the page starts, before the deferred visitor-IP call.
    await fakeApi.waitFor('/sys/config/ip/get-visitor-ip');
    expect(await fakeApi.requests('/sys/user/passport/record-source')).toEqual([]);
    expect((await context.cookies()).find((c) => c.name === '_POWER_REFERRER')).toBeUndefined();
    await page.goto(siteUrl('/pricing?source=s&cb=javascript%3Aalert(1)'));
    const [record] = await fakeApi.waitFor('/sys/user/passport/record-source');
    expect(JSON.parse(record!.form.source_data!).callback).toBeUndefined();
    await page.goto(siteUrl('/pricing?source=s&cb=%2F%2Fevil.example%2F'));
    const records = await fakeApi.waitFor('/sys/user/passport/record-source', 2);
    expect(JSON.parse(records[1]!.form.source_data!).callback).toBeUndefined();
    await context.close();
  });
});
