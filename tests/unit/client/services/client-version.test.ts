// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { latestDownloadUrl, startDownloadButtons } from '../../../../client/services/client-version.js';
import { testConfig, wireApi } from './helpers.js';

const config = testConfig();

describe('latestDownloadUrl', () => {
  it('asks for the latest version of the system and returns data.url', async () => {
    const { api, sent } = wireApi(() => ({ code: 0, data: { url: 'https://dl.example.com/app-1.2.exe' } }));
    await expect(latestDownloadUrl(api, config, 'com_win64')).resolves.toBe('https://dl.example.com/app-1.2.exe');
    expect(sent).toEqual([
      { url: 'https://api.example.com/client/sys-client-version/get-latest-version?system=com_win64', method: 'GET', credentials: 'same-origin', form: undefined },
    ]);
  });

  it.each(['javascript:alert(1)', '//evil.example/app.exe', 'data:text/html,x', 'not a url', ''])('refuses %j', async (url) => {
    const { api } = wireApi(() => ({ code: 0, data: { url } }));
    await expect(latestDownloadUrl(api, config, 'com_mac')).resolves.toBeUndefined();
  });

  it('gives undefined on a nonzero code or a transport failure', async () => {
    await expect(latestDownloadUrl(wireApi(() => ({ code: 1, msg: 'no' })).api, config, 'com_linux')).resolves.toBeUndefined();
    await expect(latestDownloadUrl(wireApi(() => new TypeError('offline')).api, config, 'com_arm64')).resolves.toBeUndefined();
  });
});

describe('startDownloadButtons', () => {
  let assign: ReturnType<typeof vi.fn<(url: string) => void>>;
  let loading: { start: ReturnType<typeof vi.fn<() => void>>; finish: ReturnType<typeof vi.fn<() => void>>; error: ReturnType<typeof vi.fn<() => void>> };
  let stop: (() => void) | undefined;

  beforeEach(() => {
    stop?.();
    assign = vi.fn<(url: string) => void>();
    loading = { start: vi.fn<() => void>(), finish: vi.fn<() => void>(), error: vi.fn<() => void>() };
    document.body.innerHTML = `
      <a id="win" href="https://www.example.com/download/windows" data-download-system="com_win32"><span>Windows</span></a>
      <a id="odd" href="/download/other" data-download-system="com_amiga">Other</a>`;
  });

  const click = (selector: string, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    document.querySelector(selector)!.dispatchEvent(event);
    return event;
  };

  it('navigates to the URL the API gives, with the loading bar around the call', async () => {
    const { api, sent } = wireApi(() => ({ code: 0, data: { url: 'https://dl.example.com/win32.exe' } }));
    stop = startDownloadButtons(document, { api, config, location: { assign }, loading });
    const event = click('#win span');
    expect(event.defaultPrevented).toBe(true);
    expect(loading.start).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://dl.example.com/win32.exe'), { timeout: 10_000 }); // a bound for a hang on a busy machine
    expect(sent[0]!.url).toBe('https://api.example.com/client/sys-client-version/get-latest-version?system=com_win32');
    expect(loading.finish).toHaveBeenCalledTimes(1);
    expect(loading.error).not.toHaveBeenCalled();
  });

  it('falls back to the link href when the call fails', async () => {
    const { api } = wireApi(() => new TypeError('offline'));
    stop = startDownloadButtons(document, { api, config, location: { assign }, loading });
    click('#win');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.example.com/download/windows'), { timeout: 10_000 }); // a bound for a hang on a busy machine
    expect(loading.error).toHaveBeenCalledTimes(1);
    expect(loading.finish).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', '//evil.example/x.exe'])('never navigates to %j, uses the href instead', async (url) => {
    const { api } = wireApi(() => ({ code: 0, data: { url } }));
    stop = startDownloadButtons(document, { api, config, location: { assign } });
    click('#win');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1), { timeout: 10_000 }); // a bound for a hang on a busy machine
    expect(assign).toHaveBeenCalledWith('https://www.example.com/download/windows');
  });

  it('leaves unknown systems and modified clicks to the browser', async () => {
    const { api, sent } = wireApi(() => ({ code: 0, data: { url: 'https://dl.example.com/x' } }));
    stop = startDownloadButtons(document, { api, config, location: { assign } });
    expect(click('#odd').defaultPrevented).toBe(false);
    expect(click('#win', { ctrlKey: true }).defaultPrevented).toBe(false);
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('ignores a second click while the first is pending, and stops when told', async () => {
    const { api, sent } = wireApi(() => ({ code: 0, data: { url: 'https://dl.example.com/x' } }));
    stop = startDownloadButtons(document, { api, config, location: { assign } });
    click('#win');
    click('#win');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1), { timeout: 10_000 }); // a bound for a hang on a busy machine
    expect(sent).toHaveLength(1);
    stop();
    expect(click('#win').defaultPrevented).toBe(false);
  });
});
